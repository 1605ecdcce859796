package dev.quipu.gateway;

import dev.quipu.contracts.pricebook.Service;

import java.util.Map;
import java.util.stream.Collectors;

/** Test configuration that points every backend the gateway knows at one local stand-in. */
public final class BackendUrls {

    private BackendUrls() {
    }

    /** {@code quipu.gateway.services.<name>.url = url} for every backend of {@link Service#backends()}. */
    public static Map<String, String> allAt(String url) {
        return Service.backends().stream().collect(Collectors.toMap(
                s -> "quipu.gateway.services." + s.shortName() + ".url", s -> url));
    }
}
