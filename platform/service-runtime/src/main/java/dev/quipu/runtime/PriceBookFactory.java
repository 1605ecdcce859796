package dev.quipu.runtime;

import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.contracts.validation.RequestValidator;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

/** Makes the price book and its validator injectable in every application. */
@Factory
public class PriceBookFactory {

    @Singleton
    PriceBook priceBook() {
        return new PriceBook();
    }

    @Singleton
    RequestValidator requestValidator() {
        return new RequestValidator();
    }
}
