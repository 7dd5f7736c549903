package agentmesh.web;

import agentmesh.parts.control.Parts;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Optional;

/**
 * A text field of a request body: at most {@link #max} characters (UTF-16 units, as {@code @Size} counts), not
 * blank unless {@link #blank} allows it, and text the mesh stores (no NUL, no unpaired surrogate, as in parts); null
 * passes (add {@code @NotNull} where the field is required).
 *
 * <p>Why not {@code @Size} and {@code @NotBlank}: on a record component they reach the canonical constructor's
 * parameter too, and Payara's OpenAPI scanner takes every parameter with a Bean Validation annotation it knows for a
 * JAX-RS parameter — {@code GET /openapi} failed with a NullPointerException (500) in
 * {@code ApplicationProcessor.visitSize}/{@code visitNotBlank}. It does not know this annotation.
 */
@Documented
@Constraint(validatedBy = Text.Validator.class)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
@Retention(RetentionPolicy.RUNTIME)
public @interface Text {

    int max();

    boolean blank() default true;

    String message() default "size must be at most {max}";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** The check behind the annotation. */
    class Validator implements ConstraintValidator<Text, CharSequence> {

        private Text text;

        @Override
        public void initialize(Text annotation) {
            text = annotation;
        }

        @Override
        public boolean isValid(CharSequence value, ConstraintValidatorContext context) {
            if (value == null) {
                return true;
            }
            if (!text.blank() && value.toString().isBlank()) {
                return refused(context, "must not be blank");
            }
            Optional<String> problem = Parts.textProblem(value);
            if (problem.isPresent()) {
                return refused(context, problem.get());
            }
            return value.length() <= text.max();
        }

        private static boolean refused(ConstraintValidatorContext context, String problem) {
            context.disableDefaultConstraintViolation();
            context.buildConstraintViolationWithTemplate(problem).addConstraintViolation();
            return false;
        }
    }
}
