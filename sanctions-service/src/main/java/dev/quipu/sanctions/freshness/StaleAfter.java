package dev.quipu.sanctions.freshness;

import dev.quipu.sanctions.lists.ListId;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * How old a list may be (publisher date to now) before answers mark it {@code stale: true}: a little
 * more than its publisher's usual cycle. OFAC publishes SDN changes several times a week; the UN,
 * EU and UK lists change every week or two. Configurable per list ({@code quipu.lists.stale-after}).
 */
@ConfigurationProperties("quipu.lists.stale-after")
public record StaleAfter(@Bindable(defaultValue = "7d") Duration ofacSdn,
                         @Bindable(defaultValue = "30d") Duration ofacCons,
                         @Bindable(defaultValue = "30d") Duration un,
                         @Bindable(defaultValue = "14d") Duration eu,
                         @Bindable(defaultValue = "14d") Duration uk) {

    public Duration of(ListId list) {
        return switch (list) {
            case OFAC_SDN -> ofacSdn;
            case OFAC_CONS -> ofacCons;
            case UN -> un;
            case EU -> eu;
            case UK -> uk;
        };
    }
}
