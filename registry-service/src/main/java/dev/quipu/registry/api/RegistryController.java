package dev.quipu.registry.api;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.contracts.events.DataVersions;
import dev.quipu.registry.lookup.CompanyLookup;
import dev.quipu.registry.lookup.LookupOutcome;
import dev.quipu.registry.taxid.TaxIdCheck;
import dev.quipu.registry.taxid.TaxIds;
import dev.quipu.runtime.OperationInput;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.Map;

/**
 * {@code POST /entity} and {@code POST /registry}: the price book's input check (422 naming the rule), then
 * the lookup. Anything but a record is a status ≥ 400 so that the gateway charges nothing: 404 naming the
 * sources asked, 503 with Retry-After when a source is down and nothing is kept.
 */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class RegistryController {

    private final OperationInput input;
    private final TaxIds taxIds;
    private final CompanyLookup lookup;
    private final Operation entityOp;
    private final Operation registryOp;

    public RegistryController(OperationInput input, TaxIds taxIds, CompanyLookup lookup, PriceBook priceBook) {
        this.input = input;
        this.taxIds = taxIds;
        this.lookup = lookup;
        this.entityOp = priceBook.find("POST", "/entity").orElseThrow();
        this.registryOp = priceBook.find("POST", "/registry").orElseThrow();
    }

    @Post("/entity")
    HttpResponse<?> entity(@Nullable @Body byte[] body) {
        OperationInput.Checked checked = input.check(entityOp, body, Map.of());
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        String country = (String) checked.fields().get("country");
        TaxIdCheck id = taxIds.forEntity(country, (String) checked.fields().get("identifier"));
        return answer(country, id, RegistryAnswers::entity);
    }

    @Post("/registry")
    HttpResponse<?> registry(@Nullable @Body byte[] body) {
        OperationInput.Checked checked = input.check(registryOp, body, Map.of());
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        Map<String, Object> f = checked.fields();
        String country = (String) f.get("country");
        TaxIdCheck id = taxIds.forRegistry(country, (String) f.get("id_type"), (String) f.get("identifier"));
        return answer(country, id, RegistryAnswers::registry);
    }

    private HttpResponse<?> answer(String country, TaxIdCheck id,
                                   TriFunction<String, TaxIdCheck, dev.quipu.registry.company.CompanyRecord, Object> body) {
        LookupOutcome outcome = lookup.lookup(country, id);
        if (outcome instanceof LookupOutcome.Found found) {
            return HttpResponse.ok(body.apply(country, id, found.record()))
                    .header(DataVersions.HEADER, RegistryAnswers.dataVersions(found.record()));
        }
        if (outcome instanceof LookupOutcome.NotFound nf) {
            return HttpResponse.notFound(new LookupErrors.NotFoundBody("not_found", "No source knows " + id.type().orElseThrow().label()
                    + " " + id.formatted() + " in " + country + ".", "Nothing was charged. The sources asked are listed; "
                    + "the bundled samples are partial, see docs/registry.md for loading the full official files.", nf.asked()));
        }
        LookupOutcome.Unavailable u = (LookupOutcome.Unavailable) outcome;
        return HttpResponse.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header("Retry-After", Long.toString(u.retryAfterSeconds()))
                .body(new LookupErrors.UnavailableBody("source_unavailable", "The registry cannot answer for " + id.formatted()
                        + " now: " + u.reason() + ".", "Nothing was charged; ask again after Retry-After seconds.", u.failures()));
    }

    @FunctionalInterface
    interface TriFunction<A, B, C, R> {
        R apply(A a, B b, C c);
    }
}
