package dev.quipu.gateway.discovery;

import dev.quipu.contracts.pricebook.Operation;

import java.util.List;
import java.util.Map;

/**
 * What an operation's 402 asks for: the x402 v2 {@code PaymentRequirements} ("accepts") that the
 * discovery documents advertise. Empty when the active admission does not take payment.
 */
public interface PaymentTerms {

    List<Map<String, Object>> accepts(Operation operation);
}
