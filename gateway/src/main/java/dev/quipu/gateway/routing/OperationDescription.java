package dev.quipu.gateway.routing;

import dev.quipu.contracts.pricebook.InputField;
import dev.quipu.contracts.pricebook.Operation;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.util.List;

/**
 * What a GET probe of a paid path answers: how to call the operation and what it costs, straight
 * from the price book.
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record OperationDescription(String operation, String method, String path, String description,
                                   String priceUsdc, String priceAtomic, String asset, boolean trial,
                                   List<InputField> input, List<String> output, List<String> paymentHeaders) {

    public static OperationDescription of(Operation op) {
        return new OperationDescription(op.id(), op.method(), op.path(), op.description(),
                op.priceUsdc().toPlainString(), Long.toString(op.priceAtomic()), "USDC", op.trial(), op.input(),
                op.output(), op.trial() ? List.of("PAYMENT-SIGNATURE", "X-PAYMENT", "X-TRIAL")
                        : List.of("PAYMENT-SIGNATURE", "X-PAYMENT"));
    }
}
