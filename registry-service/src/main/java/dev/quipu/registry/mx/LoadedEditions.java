package dev.quipu.registry.mx;

import dev.quipu.registry.store.LoadRecord;

import java.util.List;

/**
 * The complete loads of a dataset: to say "not on the list as of …" a registry must know the list's newest
 * edition even when the identifier has no row in it.
 */
@FunctionalInterface
public interface LoadedEditions {

    List<LoadRecord> of(String dataset);
}
