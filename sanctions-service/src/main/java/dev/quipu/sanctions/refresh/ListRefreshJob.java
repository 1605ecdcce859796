package dev.quipu.sanctions.refresh;

import dev.quipu.sanctions.api.ListState;
import dev.quipu.sanctions.lists.ListId;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Refreshes every configured list on a schedule, one after the other, when
 * {@code quipu.lists.refresh.enabled} is true (off in the embedded default).
 */
@Singleton
@Requires(property = "quipu.lists.refresh.enabled", value = "true")
public class ListRefreshJob {

    private final RefreshSettings settings;
    private final ListRefresher refresher;

    public ListRefreshJob(RefreshSettings settings, ListState state, ListEventClient events) {
        this.settings = settings;
        this.refresher = new ListRefresher(state, new ListFetcher(settings.timeout()), settings.maxChange(), events::send);
    }

    @Scheduled(initialDelay = "${quipu.lists.refresh.initial-delay:30s}", fixedDelay = "${quipu.lists.refresh.interval:4h}")
    public List<ListRefresher.Outcome> refreshAll() {
        List<ListRefresher.Outcome> out = new ArrayList<>();
        for (Map.Entry<ListId, Map<String, String>> e : settings.sources().entrySet()) {
            out.add(refresher.refresh(e.getKey(), e.getValue(), false));
        }
        return out;
    }
}
