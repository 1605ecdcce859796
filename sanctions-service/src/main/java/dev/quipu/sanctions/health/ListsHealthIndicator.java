package dev.quipu.sanctions.health;

import dev.quipu.sanctions.api.ListState;
import dev.quipu.sanctions.lists.ListSnapshot;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code lists} in {@code /health}: the version of every list the index serves (SHA-256, publication
 * date, entity and name counts, whether it is only a fragment), and the totals over all lists, so
 * that operators see what screenings are checked against.
 */
@Singleton
public class ListsHealthIndicator implements HealthIndicator {

    private final ListState lists;

    public ListsHealthIndicator(ListState lists) {
        this.lists = lists;
    }

    @Override
    public Publisher<HealthResult> getResult() {
        Map<String, Object> details = new LinkedHashMap<>();
        long entities = 0;
        long names = 0;
        for (ListSnapshot snapshot : lists.snapshots()) {
            var v = snapshot.version();
            Map<String, Object> list = new LinkedHashMap<>();
            list.put("version", v.version());
            list.put("sha256", v.sha256());
            list.put("published_at", v.publishedAt() == null ? null : v.publishedAt().toString());
            list.put("fetched_at", v.fetchedAt().toString());
            list.put("entities", v.entityCount());
            list.put("names", v.nameCount());
            list.put("partial", v.partial());
            details.put(v.list().name(), list);
            entities += v.entityCount();
            names += v.nameCount();
        }
        HealthStatus status = details.isEmpty() ? HealthStatus.DOWN : HealthStatus.UP;
        details.put("total", Map.of("entities", entities, "names", names));
        return Mono.just(HealthResult.builder("lists", status).details(details).build());
    }
}
