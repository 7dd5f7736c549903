package agentmesh.parts.boundary;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A JSON array of A2A message parts (see {@link agentmesh.parts.control.Parts}). */
@Constraint(validatedBy = PartsValidator.class)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
public @interface ValidParts {

    String message() default "must be a list of message parts";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
