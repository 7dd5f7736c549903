/**
 * How the mesh's reads are cut into pages.
 *
 * <p>Purpose: a listing never answers more than a page, bounded by count and by bytes, and a reader continues from
 * an opaque cursor.
 *
 * <p>Operations: {@link agentmesh.paging.TimeOrderCursor} encodes and decodes where a listing ordered by a time and an
 * id stopped (tasks, agents); {@link agentmesh.paging.PageBytes} is the byte budget of one page
 * ({@code mesh.http.max-page-bytes}) and its SQL condition, {@link agentmesh.paging.PageBytes#WITHIN_BUDGET}.
 *
 * <p>Invariants: a page holds at least one item whatever its size, so that a reader following the cursor never
 * stalls; a cursor the API did not hand out is refused as an invalid request (400), never read as a position.
 */
package agentmesh.paging;
