/**
 * The parts of a message or an artifact (A2A's text, data and file parts): their shape checked once, their
 * canonical text written once, for every feature that carries them — a message ({@code agentmesh.messaging}), an
 * artifact ({@code agentmesh.task}). A package of its own so that neither of those depends on the other for it.
 */
package agentmesh.parts;
