package dev.quipu.rates.sources;

import io.micronaut.core.annotation.Nullable;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

/**
 * One value as its publisher gave it.
 *
 * @param country    CO, MX, BR, CL, PE or AR
 * @param rate       our rate name (usd_cop, selic, ...)
 * @param value      the number, parsed from the publisher's text
 * @param asOf       the publisher's date of the value (never the fetch time)
 * @param validUntil last day the value applies, when the publisher says so (TRM over a weekend)
 * @param source     who published it
 * @param sourceUrl  where it was read, without credentials
 * @param fetchedAt  when we read it
 * @param official   false for unofficial quotes (dólar blue) and third-party relays
 */
public record Observation(String country, String rate, BigDecimal value, LocalDate asOf,
                          @Nullable LocalDate validUntil, String source, String sourceUrl, Instant fetchedAt,
                          boolean official) {
}
