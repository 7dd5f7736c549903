package agentmesh.cli;

import agentmesh.client.Part;
import agentmesh.client.TaskState;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;

/** The client's records as JSON, field by field as the API names them, for {@code --json}. */
final class JsonOutput {

    private JsonOutput() {}

    static JsonValue of(Object value) {
        if (value == null) {
            return JsonValue.NULL;
        }
        if (value instanceof JsonValue json) {
            return json;
        }
        if (value instanceof Part part) {
            return part.json();
        }
        if (value instanceof String || value instanceof Instant) {
            return Json.createValue(value.toString());
        }
        if (value instanceof TaskState state) {
            return Json.createValue(state.wireName());
        }
        if (value instanceof Boolean bool) {
            return bool ? JsonValue.TRUE : JsonValue.FALSE;
        }
        if (value instanceof Integer || value instanceof Long) {
            return Json.createValue(((Number) value).longValue());
        }
        if (value instanceof Double number) {
            return Json.createValue(number);
        }
        if (value instanceof Map<?, ?> entries) {
            JsonObjectBuilder object = Json.createObjectBuilder();
            entries.forEach((name, item) -> object.add(name.toString(), of(item)));
            return object.build();
        }
        if (value instanceof Collection<?> items) {
            JsonArrayBuilder array = Json.createArrayBuilder();
            items.forEach(item -> array.add(of(item)));
            return array.build();
        }
        if (value.getClass().isRecord()) {
            return record(value);
        }
        return Json.createValue(value.toString());
    }

    private static JsonValue record(Object record) {
        JsonObjectBuilder object = Json.createObjectBuilder();
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            try {
                Object value = component.getAccessor().invoke(record);
                if (value != null) {
                    object.add(component.getName(), of(value));
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + component, e);
            }
        }
        return object.build();
    }
}
