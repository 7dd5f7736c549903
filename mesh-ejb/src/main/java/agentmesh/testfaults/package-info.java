/**
 * Test-only fault switches, for the system tests and the chaos suite: fail a send after its message row
 * ({@link agentmesh.testfaults.Faults}), fail publishing for a recipient ({@link agentmesh.testfaults.PublishFaults}),
 * poison an event or crash the consumer before its offset commit ({@link agentmesh.testfaults.DeliveryFaults}).
 * Every switch does nothing unless the server runs with {@code mesh.test.faults=true}; the admin routes that set
 * them ({@code /admin/test-faults/…}) and the {@code X-Mesh-Fault} header are the web module's
 * {@code agentmesh.testfaults.boundary}. The test clock offset ({@code mesh.test.clock-offset-seconds}) is part of the
 * clock, {@code agentmesh.time.ClockProducer}.
 */
package agentmesh.testfaults;
