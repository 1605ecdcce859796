package dev.quipu.contracts.validation;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RequestValidatorTest {

    private final PriceBook book = new PriceBook();
    private final RequestValidator validator = new RequestValidator();

    private List<ValidationError> validate(String path, Object body) {
        Operation op = book.find("POST", path).orElseThrow();
        return validator.validate(op, body, Map.of());
    }

    @Test
    void aValidBodyHasNoErrors() {
        assertTrue(validate("/sanctions", Map.of("name", "Juan Pérez", "country", "CO", "type", "person")).isEmpty());
    }

    @Test
    void aMissingRequiredFieldIsReportedAtItsBodyLocation() {
        List<ValidationError> errors = validate("/rates", Map.of());
        assertEquals(List.of(new ValidationError(List.of("body", "country"), "Field required", "missing")), errors);
    }

    @Test
    void aCountryOutsideTheOperationsEnumIsALiteralError() {
        ValidationError error = validate("/entity", Map.of("identifier", "900123456", "country", "AR")).get(0);
        assertEquals(List.of("body", "country"), error.loc());
        assertEquals("literal_error", error.type());
        assertEquals("Input should be 'CO', 'MX', 'BR', 'CL' or 'PE'", error.msg());
    }

    @Test
    void aWrongTypeIsATypeError() {
        ValidationError error = validate("/sanctions", Map.of("name", 42, "country", "CO", "type", "person")).get(0);
        assertEquals(new ValidationError(List.of("body", "name"), "Input should be a valid string", "string_type"), error);
    }

    @Test
    void everyProblemIsListedAtOnce() {
        assertEquals(3, validate("/registry", Map.of("id_type", "passport")).size());
    }

    @Test
    void aBodyThatIsNotAnObjectIsRejectedAsAWhole() {
        ValidationError error = validate("/rates", List.of("CO")).get(0);
        assertEquals(List.of("body"), error.loc());
        assertEquals("model_attributes_type", error.type());
    }

    @Test
    void aMissingBodyIsReportedAsMissing() {
        assertEquals(List.of(new ValidationError(List.of("body"), "Field required", "missing")), validate("/rates", null));
    }

    @Test
    void anUnknownSignalIsReportedWithItsIndex() {
        ValidationError error = validate("/rates", Map.of("country", "CO", "signals", List.of("fx", "weather"))).get(0);
        assertEquals(List.of("body", "signals", 1), error.loc());
        assertEquals("literal_error", error.type());
    }

    @Test
    void anArraysLengthLimitCountsItsItemsNotTheirCharacters() {
        Operation op = new Operation("t", "POST", "/t", java.math.BigDecimal.ONE, false,
                dev.quipu.contracts.pricebook.Service.RATES,
                List.of(dev.quipu.contracts.pricebook.InputField.body("tags", dev.quipu.contracts.pricebook.FieldType.ARRAY)
                        .allowed(List.of("arbitrage", "fx")).maxLength(2).describedAs("tags")),
                List.of(), "test");
        assertTrue(validator.validate(op, Map.of("tags", List.of("arbitrage", "fx")), Map.of()).isEmpty());
        assertEquals("too_long", validator.validate(op, Map.of("tags", List.of("fx", "fx", "fx")), Map.of()).get(0).type());
    }

    @Test
    void unknownFieldsAreIgnored() {
        assertTrue(validate("/market/signal", Map.of("country", "BR", "colour", "blue")).isEmpty());
    }

    @Test
    void numbersOutsideTheirRangeAreRejected() {
        Map<String, Object> body = Map.of("name", "A", "country", "CO", "type", "company", "threshold", 1.5, "limit", 0);
        List<ValidationError> errors = validate("/sanctions", body);
        assertEquals("less_than_equal", errors.get(0).type());
        assertEquals("greater_than_equal", errors.get(1).type());
    }

    @Test
    void aFractionalLimitIsNotAnInteger() {
        Map<String, Object> body = Map.of("name", "A", "country", "CO", "type", "company", "limit", 2.5);
        assertEquals("int_from_float", validate("/sanctions", body).get(0).type());
    }

    @Test
    void anAgentIdWithForbiddenCharactersIsRejected() {
        Map<String, Object> body = Map.of("country", "CO", "agent_id", "bad id!");
        assertEquals(List.of("body", "agent_id"), validate("/rates", body).get(0).loc());
        assertTrue(RequestValidator.isValidAgentId("eip155:8453:0xabc.def_1-2"));
    }

    @Test
    void aBlankRequiredStringIsRejected() {
        assertEquals("string_too_short",
                validate("/sanctions", Map.of("name", "  ", "country", "CO", "type", "person")).get(0).type());
    }

    @Test
    void queryParametersAreValidatedAtTheirQueryLocation() {
        Operation token = book.find("GET", "/rates/stream/token").orElseThrow();
        List<ValidationError> errors = validator.validate(token, null, Map.of("country", "US"));
        assertEquals(List.of("query", "country"), errors.get(0).loc());
        assertTrue(validator.validate(token, null, Map.of()).isEmpty());
    }
}
