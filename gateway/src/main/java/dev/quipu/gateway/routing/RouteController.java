package dev.quipu.gateway.routing;

import dev.quipu.contracts.pricebook.FreeRoute;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.contracts.pricebook.Service;
import dev.quipu.contracts.validation.RequestValidator;
import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import dev.quipu.gateway.admission.PaidCall;
import dev.quipu.gateway.budget.BudgetGuard;
import dev.quipu.runtime.ErrorBody;
import dev.quipu.runtime.OperationInput;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every route of the price book that a backend serves: paid operations (validated, admitted,
 * forwarded), their GET probes, and the free routes owned by backends. Routes the gateway serves
 * itself (health, discovery, MCP, docs) are literal routes elsewhere and win over these.
 */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class RouteController {

    private final PriceBook priceBook;
    private final OperationInput input;
    private final PaidCallHandler paidCalls;
    private final Backends backends;
    private final AgentIdentity identity;
    private final GatewayConfig config;
    private final BudgetGuard budgets;

    public RouteController(PriceBook priceBook, OperationInput input, PaidCallHandler paidCalls, Backends backends,
                           AgentIdentity identity, GatewayConfig config, BudgetGuard budgets) {
        this.priceBook = priceBook;
        this.input = input;
        this.paidCalls = paidCalls;
        this.backends = backends;
        this.identity = identity;
        this.config = config;
        this.budgets = budgets;
    }

    @Post("/{+path}")
    MutableHttpResponse<?> post(@PathVariable String path, HttpRequest<?> request, @Nullable @Body byte[] body) {
        return route("POST", "/" + path, request, body);
    }

    @Get("/{+path}")
    MutableHttpResponse<?> get(@PathVariable String path, HttpRequest<?> request) {
        return route("GET", "/" + path, request, null);
    }

    private MutableHttpResponse<?> route(String method, String path, HttpRequest<?> request, byte[] body) {
        Optional<Operation> paid = priceBook.find(method, path);
        if (paid.isPresent()) {
            return paidCall(paid.get(), path, request, body);
        }
        List<Operation> atPath = priceBook.atPath(path);
        if ("GET".equals(method) && !atPath.isEmpty()) {
            return HttpResponse.ok(OperationDescription.of(atPath.get(0)));
        }
        Optional<FreeRoute> free = priceBook.freeRoutes().stream()
                .filter(r -> r.method().equals(method) && r.service() != Service.GATEWAY && PathTemplate.matches(r.path(), path))
                .findFirst();
        if (free.isPresent()) {
            return freeRoute(free.get(), path, request, body);
        }
        if (!atPath.isEmpty() || priceBook.freeRoutes().stream().anyMatch(r -> PathTemplate.matches(r.path(), path))) {
            return HttpResponse.status(HttpStatus.METHOD_NOT_ALLOWED)
                    .body(ErrorBody.of("method_not_allowed", method + " is not supported on " + path + "."));
        }
        return HttpResponse.notFound(new ErrorBody("not_found", "No route " + method + " " + path + ".",
                "The operations and their prices are listed at /.well-known/x402 and /llms.txt."));
    }

    private MutableHttpResponse<?> paidCall(Operation op, String path, HttpRequest<?> request, byte[] body) {
        Map<String, String> query = firstValues(request);
        OperationInput.Checked checked = input.check(op, body, query);
        String agentHeader = request.getHeaders().get("X-Agent-Id");
        if (!checked.valid() || identity.invalidHeader(agentHeader).isPresent()) {
            List<ValidationError> errors = new java.util.ArrayList<>(checked.valid() ? List.of() : checked.errors().detail());
            identity.invalidHeader(agentHeader).ifPresent(h -> errors.add(new ValidationError(List.of("header", "x-agent-id"),
                    "String should match pattern '" + PriceBook.AGENT_ID_PATTERN + "'", "string_pattern_mismatch")));
            return HttpResponse.unprocessableEntity().body(new ValidationErrorBody(errors));
        }
        String pathAndQuery = request.getUri().getRawQuery() == null ? path : path + "?" + request.getUri().getRawQuery();
        PaidCall call = new PaidCall(op, pathAndQuery, body, checked.fields(), query, headers(request),
                clientIp(request), config.publicUrl().toString().replaceAll("/$", "") + path);
        return paidCalls.handle(call);
    }

    private MutableHttpResponse<?> freeRoute(FreeRoute route, String path, HttpRequest<?> request, byte[] body) {
        Map<String, String> variables = PathTemplate.variables(route.path(), path);
        String agentId = variables.get("agent_id");
        if (agentId != null && !RequestValidator.isValidAgentId(agentId)) {
            return HttpResponse.unprocessableEntity().body(ValidationErrorBody.of(new ValidationError(
                    List.of("path", "agent_id"), "String should match pattern '" + PriceBook.AGENT_ID_PATTERN + "'",
                    "string_pattern_mismatch")));
        }
        String pathAndQuery = request.getUri().getRawQuery() == null ? path : path + "?" + request.getUri().getRawQuery();
        Backends.BackendAnswer answer = backends.forward(route.service(), route.method(), pathAndQuery, body, headers(request));
        if ("POST".equals(route.method()) && "/budget".equals(route.path())) {
            budgets.capSetThrough(answer, body);
        }
        return PaidCallHandler.relay(answer);
    }

    private static Map<String, String> firstValues(HttpRequest<?> request) {
        Map<String, String> query = new LinkedHashMap<>();
        request.getParameters().forEach((name, values) -> {
            if (!values.isEmpty()) {
                query.put(name, values.get(0));
            }
        });
        return query;
    }

    private static Map<String, String> headers(HttpRequest<?> request) {
        Map<String, String> headers = new LinkedHashMap<>();
        request.getHeaders().forEach((name, values) -> {
            if (!values.isEmpty()) {
                headers.put(name, values.get(0));
            }
        });
        return headers;
    }

    private static String clientIp(HttpRequest<?> request) {
        return request.getRemoteAddress().getAddress().getHostAddress();
    }
}
