package agentmesh.system.bench;

import agentmesh.stack.StackConfig;
import agentmesh.system.MeshDatabase;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** MariaDB's global status counters that say what the mesh asked of it: read before and after a step. */
final class DatabaseStatus {

    static final List<String> COUNTERS = List.of(
            "Com_commit",
            "Handler_commit",
            "Innodb_data_fsyncs",
            "Questions",
            "Com_select",
            "Com_insert",
            "Com_update",
            "Com_delete");

    private DatabaseStatus() {}

    static Map<String, Long> sample(StackConfig config) {
        Map<String, Long> values = new LinkedHashMap<>();
        COUNTERS.forEach(name -> values.put(name, 0L));
        String names = String.join("','", COUNTERS);
        MeshDatabase.query(config, "SHOW GLOBAL STATUS WHERE Variable_name IN ('" + names + "')")
                .forEach(row -> values.put(
                        row.get(0).toString(), Long.parseLong(row.get(1).toString())));
        return values;
    }

    static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> delta = new LinkedHashMap<>();
        after.forEach((name, value) -> delta.put(name, value - before.getOrDefault(name, 0L)));
        return delta;
    }
}
