package dev.quipu.rates.api;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.rates.cache.CountryRates;
import dev.quipu.rates.cache.RatesBook;
import dev.quipu.rates.signals.MarketSignals;
import dev.quipu.runtime.OperationInput;
import io.micronaut.core.annotation.Nullable;
import dev.quipu.contracts.events.DataVersions;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.json.JsonMapper;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * POST /rates and POST /market/signal: validate against the price book, answer from memory (only the
 * refresher calls publishers), on the event loop. {@code /rates} serves the serialised answer of the
 * current second.
 */
@Controller
public class RatesController {

    static final String FRESHNESS = "X-Data-Freshness";

    private final OperationInput input;
    private final RatesBook book;
    private final RatesAnswers answers;
    private final Operation ratesOp;
    private final Operation signalOp;
    private final JsonMapper json;
    private final AnswerCache cache = new AnswerCache();

    public RatesController(OperationInput input, RatesBook book, PriceBook priceBook, JsonMapper json) {
        this.input = input;
        this.book = book;
        this.json = json;
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
        String country = (String) checked.fields().get("country");
        // signals come out in the documented family order whatever the request order: sorted for the cache key
        TreeSet<String> families = new TreeSet<>();
        if (checked.fields().get("signals") instanceof List<?> list) {
            list.forEach(s -> families.add((String) s));
        }
        return ratesAnswer(country, families);
    }

    private HttpResponse<?> ratesAnswer(String country, TreeSet<String> families) {
        AnswerCache.Answer answer = cache.get(country + "|" + families, book.now().getEpochSecond(), () -> {
            CountryRates rates = book.country(country);
            try {
                return new AnswerCache.Answer(rates.assembledAt().getEpochSecond(),
                        json.writeValueAsBytes(answers.rates(rates, families)), RatesAnswers.freshness(rates),
                        RatesAnswers.dataVersions(rates));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        // Not one rate of the country can be served (each reason is in "unavailable"): an error status,
        // so that the gateway charges nothing for an answer without data.
        HttpStatus status = answer.dataVersions().isEmpty() ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.OK;
        return HttpResponse.status(status).body(answer.body()).contentType(MediaType.APPLICATION_JSON_TYPE)
                .header(FRESHNESS, answer.freshness()).header(DataVersions.HEADER, answer.dataVersions());
    }

    @Post("/market/signal")
    HttpResponse<?> marketSignal(@Nullable @Body byte[] body) {
        OperationInput.Checked checked = input.check(signalOp, body, Map.of());
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        CountryRates rates = book.country((String) checked.fields().get("country"));
        return HttpResponse.ok(answers.marketSignal(rates)).header(FRESHNESS, RatesAnswers.freshness(rates))
                .header(DataVersions.HEADER, RatesAnswers.dataVersions(rates));
    }
}
