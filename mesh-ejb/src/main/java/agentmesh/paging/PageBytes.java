package agentmesh.paging;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How many bytes of stored content one page of a read may carry (inbox, task history, artifacts). Items are up to
 * a megabyte each, so a page bounded by count alone could hold hundreds of megabytes; a page ends early instead,
 * and always holds at least one item so that a reader following the cursor never stalls.
 */
@ApplicationScoped
public class PageBytes {

    /**
     * The SQL condition, on a running total {@code upto} of item sizes and the item's own {@code size}, that keeps
     * the items within the budget, and the first item whatever its size. Bind {@link #max()} to it.
     */
    public static final String WITHIN_BUDGET = "(upto <= ? OR upto = size)";

    @Inject
    @ConfigProperty(name = "mesh.http.max-page-bytes", defaultValue = "2097152")
    long max;

    public long max() {
        return max;
    }
}
