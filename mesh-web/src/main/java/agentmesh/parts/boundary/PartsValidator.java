package agentmesh.parts.boundary;

import agentmesh.parts.control.Parts;
import jakarta.json.JsonArray;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.Map;

/** Reports each problem of the parts as its own field error ({@code parts[0].text}). */
public class PartsValidator implements ConstraintValidator<ValidParts, JsonArray> {

    @Override
    public boolean isValid(JsonArray parts, ConstraintValidatorContext context) {
        Map<String, String> problems = Parts.problems(parts);
        if (problems.isEmpty()) {
            return true;
        }
        context.disableDefaultConstraintViolation();
        // The messages are the mesh's own text, never the client's, so template interpolation is safe.
        problems.forEach((field, message) -> context.buildConstraintViolationWithTemplate(message)
                .addPropertyNode(field)
                .addConstraintViolation());
        return false;
    }
}
