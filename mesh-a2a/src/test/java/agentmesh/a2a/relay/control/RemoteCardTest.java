package agentmesh.a2a.relay.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import agentmesh.json.MeshJson;
import org.junit.jupiter.api.Test;

class RemoteCardTest {

    @Test
    void a10JsonRpcInterfaceIsPreferredToA03One() {
        RemoteCard card = RemoteCard.of(MeshJson.readObject("""
                {"name":"Echo","capabilities":{"streaming":true},"supportedInterfaces":[
                 {"url":"http://h/v03","protocolBinding":"JSONRPC","protocolVersion":"0.3"},
                 {"url":"http://h/rest","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"},
                 {"url":"http://h/v1","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}"""));
        assertEquals(new RemoteCard("Echo", "http://h/v1", "1.0", true), card);
    }

    @Test
    void a03CardIsCalledAtItsUrlOrItsJsonRpcAdditionalInterface() {
        assertEquals(
                new RemoteCard("Old", "http://h/rpc", "0.3", false),
                RemoteCard.of(MeshJson.readObject(
                        "{\"name\":\"Old\",\"url\":\"http://h/rpc\",\"preferredTransport\":\"JSONRPC\"}")));
        assertEquals(
                new RemoteCard("Old", "http://h/jsonrpc", "0.3", false),
                RemoteCard.of(MeshJson.readObject(
                        "{\"name\":\"Old\",\"url\":\"http://h/grpc\",\"preferredTransport\":\"GRPC\",\"additionalInterfaces\":"
                                + "[{\"url\":\"http://h/jsonrpc\",\"transport\":\"JSONRPC\"}]}")));
    }

    @Test
    void aCardWithoutNameOrJsonRpcOverHttpIsRefused() {
        assertThrows(
                IllegalArgumentException.class, () -> RemoteCard.of(MeshJson.readObject("{\"url\":\"http://h/rpc\"}")));
        assertThrows(
                IllegalArgumentException.class,
                () -> RemoteCard.of(MeshJson.readObject(
                        "{\"name\":\"G\",\"supportedInterfaces\":[{\"url\":\"http://h\",\"protocolBinding\":\"GRPC\","
                                + "\"protocolVersion\":\"1.0\"}]}")));
        assertThrows(
                IllegalArgumentException.class,
                () -> RemoteCard.of(MeshJson.readObject("{\"name\":\"F\",\"url\":\"file:///etc/passwd\"}")));
    }
}
