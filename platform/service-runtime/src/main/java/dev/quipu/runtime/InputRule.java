package dev.quipu.runtime;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.validation.ValidationError;

import java.util.List;
import java.util.Map;

/**
 * A check of an operation's input that the price book's field types cannot express (a tax
 * identifier's check digit, say), run by {@link OperationInput} after the fields are well-formed,
 * so that every route of the operation answers the same 422.
 */
public interface InputRule {

    /** The errors in {@code fields} for {@code operation}; empty when the rule has nothing to say about it. */
    List<ValidationError> check(Operation operation, Map<String, Object> fields);
}
