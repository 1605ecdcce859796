package dev.quipu.rates.api;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.rates.cache.CountryRates;
import dev.quipu.rates.cache.RatesBook;
import dev.quipu.rates.signals.MarketSignals;
import dev.quipu.runtime.OperationInput;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** POST /rates and POST /market/signal: validate against the price book, answer from the cache. */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING) // a cache miss calls the publisher
public class RatesController {

    static final String FRESHNESS = "X-Data-Freshness";

    private final OperationInput input;
    private final RatesBook book;
    private final RatesAnswers answers;
    private final Operation ratesOp;
    private final Operation signalOp;

    public RatesController(OperationInput input, RatesBook book, PriceBook priceBook) {
        this.input = input;
        this.book = book;
        this.answers = new RatesAnswers(new MarketSignals(book));
        this.ratesOp = priceBook.find("POST", "/rates").orElseThrow();
        this.signalOp = priceBook.find("POST", "/market/signal").orElseThrow();
    }

    @Post("/rates")
    HttpResponse<?> rates(@Nullable @Body byte[] body) {
        OperationInput.Checked checked = input.check(ratesOp, body, Map.of());
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        CountryRates rates = book.country((String) checked.fields().get("country"));
        Set<String> families = new LinkedHashSet<>();
        if (checked.fields().get("signals") instanceof List<?> list) {
            list.forEach(s -> families.add((String) s));
        }
        return HttpResponse.ok(answers.rates(rates, families)).header(FRESHNESS, RatesAnswers.freshness(rates));
    }

    @Post("/market/signal")
    HttpResponse<?> marketSignal(@Nullable @Body byte[] body) {
        OperationInput.Checked checked = input.check(signalOp, body, Map.of());
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        CountryRates rates = book.country((String) checked.fields().get("country"));
        return HttpResponse.ok(answers.marketSignal(rates)).header(FRESHNESS, RatesAnswers.freshness(rates));
    }
}
