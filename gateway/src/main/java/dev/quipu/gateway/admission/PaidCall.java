package dev.quipu.gateway.admission;

import dev.quipu.contracts.pricebook.Operation;

import java.util.Map;

/**
 * A validated call of a paid operation, as the gateway received it.
 *
 * @param pathAndQuery the path with its raw query string, forwarded unchanged
 * @param body         the raw body bytes (null when none)
 * @param fields       the parsed body fields (empty when none)
 * @param query        the query parameters
 * @param headers      the request headers (first value of each)
 * @param clientIp     the caller's address as the gateway sees it
 * @param resourceUrl  the public URL of the resource, for payment requirements
 */
public record PaidCall(Operation operation, String pathAndQuery, byte[] body, Map<String, Object> fields,
                       Map<String, String> query, Map<String, String> headers, String clientIp, String resourceUrl) {

    public String header(String name) {
        return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }
}
