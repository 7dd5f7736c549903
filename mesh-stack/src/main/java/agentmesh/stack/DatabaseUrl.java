package agentmesh.stack;

import java.net.URI;

/** The parts of a {@code jdbc:mysql://host:port/database?…} URL the stack needs to prepare the database. */
public record DatabaseUrl(String host, int port, String database, String query) {

    public static DatabaseUrl parse(String jdbcUrl) {
        if (!jdbcUrl.startsWith("jdbc:mysql://") && !jdbcUrl.startsWith("jdbc:mariadb://")) {
            throw new IllegalArgumentException("MESH_DB_URL must be a jdbc:mysql:// URL, got " + jdbcUrl);
        }
        URI uri = URI.create(jdbcUrl.substring("jdbc:".length()));
        String database = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
        if (!database.matches("[A-Za-z0-9_]{1,64}")) {
            throw new IllegalArgumentException("MESH_DB_URL must name a database ([A-Za-z0-9_]), got " + jdbcUrl);
        }
        return new DatabaseUrl(
                uri.getHost(),
                uri.getPort() < 0 ? 3306 : uri.getPort(),
                database,
                uri.getQuery() == null ? "" : uri.getQuery());
    }

    /** The same server without a database, for the administrative connection that creates it. */
    public String serverUrl() {
        return "jdbc:mysql://" + host + ":" + port + "/?sslMode=DISABLED&allowPublicKeyRetrieval=true";
    }

    /** The URL the application connects with. */
    public String applicationUrl() {
        String defaults = "sslMode=DISABLED&allowPublicKeyRetrieval=true&characterEncoding=UTF-8";
        return "jdbc:mysql://" + host + ":" + port + "/" + database + "?" + (query.isEmpty() ? defaults : query);
    }
}
