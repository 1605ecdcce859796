package dev.quipu.registry.company;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.time.LocalDate;
import java.util.List;

/**
 * The company's presence on an official list a registry keeps (SAT Art. 69-B, SUNAT's Buenos
 * Contribuyentes, CVM's listed companies), with the list's own wording.
 *
 * @param status  the list's wording of the company's situation (e.g. {@code Definitivo})
 * @param since   the date the list gives for that situation
 * @param history the situation in older editions of the same list, newest first
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record Listing(String list, String source, @Nullable String status, @Nullable LocalDate since,
                      @Nullable String reference, @Nullable LocalDate listCutOff, List<Listing> history) {
}
