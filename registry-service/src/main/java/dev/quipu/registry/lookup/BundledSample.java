package dev.quipu.registry.lookup;

import dev.quipu.registry.load.CutOff;

/**
 * A real sample file shipped in the service's resources, loaded into the store at first start.
 *
 * @param resource  classpath path, e.g. {@code registry/pe/sunat/AgenRet_TXT.txt}
 * @param sourceUrl where the publisher serves the file (the provenance in resources/registry/SOURCES.md)
 * @param declared  the cut-off from the sample's provenance, when the file states none
 */
public record BundledSample(String dataset, String resource, String sourceUrl, CutOff declared) {
}
