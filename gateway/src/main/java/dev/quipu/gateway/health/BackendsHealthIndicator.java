package dev.quipu.gateway.health;

import dev.quipu.contracts.pricebook.Service;
import dev.quipu.gateway.routing.Backends;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The suite's health as the gateway sees it: each backend's own {@code /health} (database and
 * Kafka included), asked in parallel. The gateway is DOWN when any backend is.
 */
@Singleton
public class BackendsHealthIndicator implements HealthIndicator {

    /** Framework indicators whose details stay on the service's own /health. */
    private static final java.util.Set<String> INFRASTRUCTURE = java.util.Set.of("jdbc", "kafka", "diskSpace",
            "compositeDiscoveryClient()", "service", "liveness", "readiness");

    private final Backends backends;
    private final JsonMapper json;

    public BackendsHealthIndicator(Backends backends, JsonMapper json) {
        this.backends = backends;
        this.json = json;
    }

    @Override
    public Publisher<HealthResult> getResult() {
        List<Service> services = Service.backends();
        return Flux.fromIterable(services)
                .flatMap(s -> Mono.fromCallable(() -> Map.entry(s.moduleName(), probe(s))).subscribeOn(Schedulers.boundedElastic()))
                .collectList()
                .map(entries -> {
                    Map<String, Object> details = new LinkedHashMap<>();
                    services.forEach(s -> entries.stream().filter(e -> e.getKey().equals(s.moduleName()))
                            .findFirst().ifPresent(e -> details.put(e.getKey(), e.getValue())));
                    boolean allUp = entries.stream().allMatch(e -> "UP".equals(((Map<?, ?>) e.getValue()).get("status")));
                    return HealthResult.builder("services", allUp ? HealthStatus.UP : HealthStatus.DOWN).details(details).build();
                });
    }

    private Map<String, Object> probe(Service service) {
        Backends.BackendAnswer answer = backends.forward(service, "GET", "/health", null, Map.of("Accept", "application/json"));
        Map<String, Object> result = new LinkedHashMap<>();
        if (!answer.reached()) {
            result.put("status", "DOWN");
            // not the exception text: the public /health names no addresses or internals
            result.put("error", service.moduleName() + " unreachable");
            return result;
        }
        Map<?, ?> body = parse(answer.body());
        result.put("status", answer.status() == 200 ? "UP" : "DOWN");
        if (body.get("details") instanceof Map<?, ?> details) {
            Map<String, Object> components = new LinkedHashMap<>();
            details.forEach((name, value) -> {
                if (value instanceof Map<?, ?> component) {
                    components.put(String.valueOf(name), component.get("status"));
                    // the suite's own indicators (payments, lists, rate_sources) say what users need
                    // to know: facilitator circuits and latency, list versions, rate freshness
                    if (!INFRASTRUCTURE.contains(String.valueOf(name)) && component.get("details") != null) {
                        result.put(String.valueOf(name), component.get("details"));
                    }
                }
            });
            result.put("components", components);
        }
        result.put("latency_ms", answer.latencyMs());
        return result;
    }

    private Map<?, ?> parse(byte[] body) {
        try {
            Object value = body == null ? null : json.readValue(body, Object.class);
            return value instanceof Map<?, ?> m ? m : Map.of();
        } catch (IOException e) {
            return Map.of();
        }
    }
}
