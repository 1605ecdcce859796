package dev.quipu.registry.api;

import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import dev.quipu.registry.load.LoadJobs;
import dev.quipu.registry.lookup.CountryRegistry;
import dev.quipu.registry.store.LoadLedger;
import dev.quipu.runtime.ErrorBody;
import dev.quipu.runtime.JsonRequests;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.List;
import java.util.Map;

/**
 * The operator's loads ({@code ./quipu registry load}): only the operator identity may call these routes
 * (application.yml). A load runs in the background; the answer is 202 with the jobs to follow.
 */
@Controller("/admin/registry/loads")
@ExecuteOn(TaskExecutors.BLOCKING)
public class LoadsController {

    private final LoadRequests requests;
    private final LoadJobs jobs;
    private final LoadLedger ledger;
    private final JsonRequests json;

    public LoadsController(List<CountryRegistry> registries, LoadJobs jobs, LoadLedger ledger, JsonRequests json) {
        this.requests = new LoadRequests(registries);
        this.jobs = jobs;
        this.ledger = ledger;
        this.json = json;
    }

    @Post
    HttpResponse<?> start(@Nullable @Body byte[] body) {
        Object parsed;
        try {
            parsed = json.parse(body);
        } catch (JsonRequests.MalformedJson e) {
            return HttpResponse.unprocessableEntity().body(e.toBody());
        }
        if (!(parsed instanceof Map<?, ?> map)) {
            return HttpResponse.unprocessableEntity().body(ValidationErrorBody.of(
                    new ValidationError(List.of("body"), "The body must be a JSON object", "model_attributes_type")));
        }
        @SuppressWarnings("unchecked")
        LoadRequests.Parsed p = requests.parse((Map<String, Object>) map);
        if (!p.errors().isEmpty()) {
            return HttpResponse.unprocessableEntity().body(new ValidationErrorBody(p.errors()));
        }
        return HttpResponse.accepted().body(Map.of("jobs", p.requests().stream().map(jobs::submit).toList()));
    }

    /** Every load the store has recorded (newest first) and this instance's jobs. */
    @Get
    Map<String, Object> list() {
        return Map.of("loads", ledger.all(), "jobs", jobs.all());
    }

    @Get("/jobs/{id}")
    HttpResponse<?> job(@PathVariable long id) {
        return jobs.find(id).<HttpResponse<?>>map(HttpResponse::ok)
                .orElseGet(() -> HttpResponse.notFound(ErrorBody.of("not_found", "No load job " + id + " on this instance.")));
    }
}
