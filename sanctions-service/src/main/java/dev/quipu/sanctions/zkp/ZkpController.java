package dev.quipu.sanctions.zkp;

import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.contracts.validation.ValidationErrorBody;
import dev.quipu.runtime.OperationInput;
import dev.quipu.sanctions.api.ListState;
import dev.quipu.sanctions.api.MatchingSettings;
import dev.quipu.sanctions.api.ScreeningResponses;
import dev.quipu.sanctions.freshness.ListFreshness;
import dev.quipu.sanctions.matching.NameNormalizer;
import dev.quipu.sanctions.matching.Screener;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.Map;

/** POST /sanctions/zkp and GET /sanctions/zkp/prepare: screening in which the name never leaves the client. */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class ZkpController {

    private final PriceBook priceBook;
    private final OperationInput input;
    private final ListState lists;
    private final PrivateScreening screening;
    private final ZkpPrepare prepare;

    public ZkpController(PriceBook priceBook, OperationInput input, ListState lists, Screener screener,
                         MatchingSettings settings, NameNormalizer normalizer, ListFreshness freshness) {
        this.priceBook = priceBook;
        this.input = input;
        this.lists = lists;
        this.screening = new PrivateScreening(screener, new ScreeningResponses(settings, freshness::of), settings.threshold(), settings.limit());
        this.prepare = new ZkpPrepare(normalizer);
    }

    @Get("/sanctions/zkp/prepare")
    Map<String, Object> prepare() {
        return prepare.document(lists.index(), screening);
    }

    @Post("/sanctions/zkp")
    HttpResponse<?> screen(@Nullable @Body byte[] body) {
        OperationInput.Checked checked = input.check(priceBook.byId("sanctions_zkp").orElseThrow(), body, Map.of());
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        try {
            return HttpResponse.ok(screening.screen(lists.index(), checked.fields()));
        } catch (PrivateScreening.InvalidInput e) {
            return HttpResponse.unprocessableEntity().body(new ValidationErrorBody(e.errors()));
        }
    }
}
