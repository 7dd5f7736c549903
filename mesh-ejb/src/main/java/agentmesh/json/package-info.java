/**
 * JSON-P for every module of the server.
 *
 * <p>Purpose: one {@link jakarta.json.spi.JsonProvider}, looked up once, behind {@link agentmesh.json.MeshJson}.
 *
 * <p>Operations: {@link agentmesh.json.MeshJson#object()} and {@link agentmesh.json.MeshJson#array()} build;
 * {@link agentmesh.json.MeshJson#readObject}, {@link agentmesh.json.MeshJson#readArray} and
 * {@link agentmesh.json.MeshJson#readValue} parse text.
 *
 * <p>Invariants: no code of the mesh calls {@code jakarta.json.Json.create…}, which looks the provider up on every
 * call (a fifth of the server's CPU under load in a profile).
 */
package agentmesh.json;
