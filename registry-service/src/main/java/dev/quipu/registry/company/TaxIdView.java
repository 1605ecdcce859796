package dev.quipu.registry.company;

import dev.quipu.registry.taxid.TaxIdCheck;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

/** The identifier of the answer: its type, the normalised and the registry's formatted form, the kind of party it says. */
@Serdeable(naming = SnakeCaseStrategy.class)
public record TaxIdView(String type, String normalised, String formatted, String kind) {

    public static TaxIdView of(TaxIdCheck check) {
        return new TaxIdView(check.type().orElseThrow().code(), check.normalized(), check.formatted(), check.kind().code());
    }
}
