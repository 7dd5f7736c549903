/**
 * The test-only fault switches over HTTP (the switches themselves: {@code agentmesh.testfaults} in the EJB module).
 *
 * <p>Operations: {@link agentmesh.testfaults.boundary.FaultHeader} passes a send's {@code X-Mesh-Fault} header to the
 * switches; {@link agentmesh.testfaults.boundary.PublishFaultsResource} and
 * {@link agentmesh.testfaults.boundary.DeliveryFaultsResource} serve {@code /admin/test-faults/…} with the admin token.
 *
 * <p>Invariants: on a server without {@code mesh.test.faults=true} the routes answer 404, as if they did not exist,
 * and the header is ignored.
 */
package agentmesh.testfaults.boundary;
