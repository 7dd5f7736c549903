package agentmesh.a2a.boundary;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a client asks the facade to do, whatever the binding and the version: a JSON-RPC method names one
 * ({@link #METHODS}, both versions' names), an HTTP+JSON route another ({@link RestBinding}); {@link A2aDispatch}
 * performs it.
 */
enum A2aOperation {
    SEND,
    STREAM,
    GET,
    LIST,
    CANCEL,
    SUBSCRIBE,
    PUSH_CREATE,
    PUSH_GET,
    PUSH_LIST,
    PUSH_DELETE,
    EXTENDED_CARD;

    /** The method names of both versions, for the operations the facade offers. */
    static final Map<String, A2aOperation> METHODS = methods();

    private static Map<String, A2aOperation> methods() {
        Map<String, A2aOperation> methods = new LinkedHashMap<>();
        methods.put("SendMessage", A2aOperation.SEND);
        methods.put("SendStreamingMessage", A2aOperation.STREAM);
        methods.put("GetTask", A2aOperation.GET);
        methods.put("ListTasks", A2aOperation.LIST);
        methods.put("CancelTask", A2aOperation.CANCEL);
        methods.put("SubscribeToTask", A2aOperation.SUBSCRIBE);
        methods.put("CreateTaskPushNotificationConfig", A2aOperation.PUSH_CREATE);
        methods.put("GetTaskPushNotificationConfig", A2aOperation.PUSH_GET);
        methods.put("ListTaskPushNotificationConfigs", A2aOperation.PUSH_LIST);
        // An earlier 1.0 draft's name, still written by clients of that draft (the Java SDK's 1.0 Alphas); read
        // as the specification allows a server to read legacy forms (Appendix A.2), like the draft's config.
        methods.put("ListTaskPushNotificationConfig", A2aOperation.PUSH_LIST);
        methods.put("DeleteTaskPushNotificationConfig", A2aOperation.PUSH_DELETE);
        methods.put("GetExtendedAgentCard", A2aOperation.EXTENDED_CARD);
        methods.put("message/send", A2aOperation.SEND);
        methods.put("message/stream", A2aOperation.STREAM);
        methods.put("tasks/get", A2aOperation.GET);
        methods.put("tasks/cancel", A2aOperation.CANCEL);
        methods.put("tasks/resubscribe", A2aOperation.SUBSCRIBE);
        methods.put("tasks/pushNotificationConfig/set", A2aOperation.PUSH_CREATE);
        methods.put("tasks/pushNotificationConfig/get", A2aOperation.PUSH_GET);
        methods.put("tasks/pushNotificationConfig/list", A2aOperation.PUSH_LIST);
        methods.put("tasks/pushNotificationConfig/delete", A2aOperation.PUSH_DELETE);
        methods.put("agent/getAuthenticatedExtendedCard", A2aOperation.EXTENDED_CARD);
        return Map.copyOf(methods);
    }
}
