/**
 * Parts in request bodies: {@link agentmesh.parts.boundary.ValidParts}, a Bean Validation constraint checked by
 * {@link agentmesh.parts.boundary.PartsValidator} with {@code Parts} (the feature: {@code agentmesh.parts}), each
 * problem reported as its own field error ({@code parts[0].text}).
 */
package agentmesh.parts.boundary;
