package dev.quipu.runtime;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.Map;
import java.util.Optional;

/**
 * Answers the price-book operations this service owns but does not serve yet: 422 for bad input
 * (as the real operation will), then 501 naming the missing capability. Never fake data. A real
 * controller for the same path takes precedence, because Micronaut prefers literal routes.
 */
@Controller
@Requires(property = "quipu.service.name")
@ExecuteOn(TaskExecutors.BLOCKING)
public class PendingOperations {

    private final PriceBook priceBook;
    private final OperationInput input;
    private final String serviceName;

    public PendingOperations(PriceBook priceBook, OperationInput input, @Value("${quipu.service.name}") String serviceName) {
        this.priceBook = priceBook;
        this.input = input;
        this.serviceName = serviceName;
    }

    @Post("/{+path}")
    HttpResponse<?> post(@PathVariable String path, HttpRequest<?> request, @Nullable @Body byte[] body) {
        return answer("POST", path, request, body);
    }

    @Get("/{+path}")
    HttpResponse<?> get(@PathVariable String path, HttpRequest<?> request) {
        return answer("GET", path, request, null);
    }

    private HttpResponse<?> answer(String method, String path, HttpRequest<?> request, byte[] body) {
        Optional<Operation> op = priceBook.find(method, "/" + path).filter(o -> o.service().moduleName().equals(serviceName));
        if (op.isEmpty()) {
            return HttpResponse.notFound(ErrorBody.of("not_found", "No operation " + method + " /" + path + " here."));
        }
        Map<String, String> query = request.getParameters().asMap().entrySet().stream()
                .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, e -> e.getValue().get(0)));
        OperationInput.Checked checked = input.check(op.get(), body, query);
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        return HttpResponse.status(HttpStatus.NOT_IMPLEMENTED).body(new ErrorBody("not_implemented",
                "The capability behind " + op.get().path() + " (" + op.get().description() + ") is not available yet.",
                "No data is served and nothing is charged for this operation until it lands."));
    }

}
