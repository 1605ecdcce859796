package dev.quipu.contracts.pricebook;

import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * One paid operation of the spec: the single description that the paywall, the discovery documents,
 * OpenAPI and MCP all read, so that what is advertised is what is charged.
 *
 * @param id          stable identifier, also the MCP tool name (for example {@code sanctions_screen})
 * @param method      HTTP method of the paid call ({@code POST}, or {@code GET} for the token endpoint)
 * @param path        path under the base URL, exactly as in the spec
 * @param priceUsdc   list price in USDC before any tier discount
 * @param trial       whether {@code X-TRIAL: true} is accepted
 * @param service     the service that answers it
 * @param input       the accepted input fields
 * @param output      the top-level names of the result
 * @param description one line for people and agents
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record Operation(String id, String method, String path, BigDecimal priceUsdc, boolean trial,
                        Service service, List<InputField> input, List<String> output, String description) {

    /** USDC has 6 decimals on both networks. */
    public static final int USDC_DECIMALS = 6;

    public Operation {
        input = List.copyOf(input);
        output = List.copyOf(output);
    }

    /** The price in the token's smallest unit, as x402 {@code amount} carries it. */
    public long priceAtomic() {
        return priceUsdc.movePointRight(USDC_DECIMALS).longValueExact();
    }

    public Optional<InputField> field(String name) {
        return input.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    public boolean takesBody() {
        return input.stream().anyMatch(f -> f.in() == InputField.Location.BODY);
    }
}
