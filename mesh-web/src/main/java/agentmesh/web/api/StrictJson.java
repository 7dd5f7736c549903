package agentmesh.web.api;

import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.JsonbException;
import jakarta.json.bind.serializer.DeserializationContext;
import jakarta.json.bind.serializer.JsonbDeserializer;
import jakarta.json.stream.JsonParser;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Type;

/**
 * JSON-B as the API uses it: a text field takes only a JSON string. By default JSON-B turns {@code 5} or
 * {@code true} into "5" and "true", so a wrongly typed id would pass as a valid one.
 */
@Provider
public class StrictJson implements ContextResolver<Jsonb> {

    private final Jsonb jsonb = JsonbBuilder.create(new JsonbConfig().withDeserializers(new OnlyStrings()));

    @Override
    public Jsonb getContext(Class<?> type) {
        return jsonb;
    }

    private static final class OnlyStrings implements JsonbDeserializer<String> {
        @Override
        public String deserialize(JsonParser parser, DeserializationContext context, Type type) {
            // JSON-B hands over the parser positioned on the value.
            JsonValue value = parser.getValue();
            if (value == JsonValue.NULL) {
                return null;
            }
            if (!(value instanceof JsonString text)) {
                throw new JsonbException("expected a JSON string, found " + value.getValueType());
            }
            return text.getString();
        }
    }
}
