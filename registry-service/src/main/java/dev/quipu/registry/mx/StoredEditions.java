package dev.quipu.registry.mx;

import dev.quipu.registry.store.LoadRecord;
import dev.quipu.registry.store.LoadedLoads;
import jakarta.inject.Singleton;

import java.util.List;

/** {@link LoadedEditions} from the store's complete loads. */
@Singleton
public class StoredEditions implements LoadedEditions {

    private final LoadedLoads loads;

    public StoredEditions(LoadedLoads loads) {
        this.loads = loads;
    }

    @Override
    public List<LoadRecord> of(String dataset) {
        return loads.byId().values().stream().filter(l -> l.dataset().equals(dataset)).toList();
    }
}
