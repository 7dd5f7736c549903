package agentmesh.mcp.boundary;

import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;

/** A servlet in front of the MCP library's: it starts and ends with it, and hands it what it lets through. */
abstract class AroundLibrary extends HttpServlet {

    final HttpServlet library;

    AroundLibrary(HttpServlet library) {
        this.library = library;
    }

    @Override
    public void init(ServletConfig config) throws ServletException {
        super.init(config);
        library.init(config);
    }

    @Override
    public void destroy() {
        library.destroy();
    }
}
