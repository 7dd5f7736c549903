/**
 * Where a request comes from and where the mesh is reached, believed only from the configuration and from trusted
 * proxies ({@link agentmesh.web.origin.ClientOrigin}).
 *
 * <p>Operations: the client's address, by which failed authentications and public requests are limited; the public
 * base URL, on which agent cards and {@code Location} headers are built.
 *
 * <p>Invariants: with no {@code mesh.http.trusted-proxies} (the default) no forwarding header is read. A header is
 * read only when the peer is a trusted proxy, and only what parses as an IP address, a scheme, a host or a port is
 * taken from it: a value a client made up never becomes another client's address or another client's URL, and no
 * header causes a DNS lookup. A header's size does not change what reading it costs. A bad setting stops the
 * application at start.
 *
 * <p>Out of scope: the standard {@code Forwarded} header and {@code X-Forwarded-Prefix} (a proxy that moves the
 * mesh's path sets {@code mesh.public-url}); the port a client connected from.
 */
package agentmesh.web.origin;
