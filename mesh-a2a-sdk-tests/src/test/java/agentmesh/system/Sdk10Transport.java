package agentmesh.system;

import io.a2a.client.ClientBuilder;
import io.a2a.client.transport.jsonrpc.JSONRPCTransport;
import io.a2a.client.transport.jsonrpc.JSONRPCTransportConfigBuilder;
import io.a2a.client.transport.rest.RestTransport;
import io.a2a.client.transport.rest.RestTransportConfigBuilder;
import io.a2a.client.transport.spi.interceptors.ClientCallInterceptor;

/**
 * The bindings the 1.0 SDK's client speaks and the mesh serves: each test runs on both. The SDK picks the card's
 * interface of the one binding the client is given.
 */
enum Sdk10Transport {
    JSON_RPC {
        @Override
        ClientBuilder configure(ClientBuilder builder, ClientCallInterceptor auth) {
            return builder.withTransport(
                    JSONRPCTransport.class, new JSONRPCTransportConfigBuilder().addInterceptor(auth));
        }
    },
    HTTP_JSON {
        @Override
        ClientBuilder configure(ClientBuilder builder, ClientCallInterceptor auth) {
            return builder.withTransport(RestTransport.class, new RestTransportConfigBuilder().addInterceptor(auth));
        }
    };

    abstract ClientBuilder configure(ClientBuilder builder, ClientCallInterceptor auth);
}
