package dev.quipu.e2e;

import dev.quipu.devstack.DevStack;
import dev.quipu.devstack.DevStackConfig;
import dev.quipu.contracts.pricebook.Service;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Starts the whole suite once for the test JVM, through the devstack, on free ports in
 * {@code target/e2e-quipu} (kept after the run: its {@code logs/} explain a failure), from the
 * service jars of this build. Stopped when all tests are done.
 */
public final class SuiteExtension implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SuiteExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == RunningSuite.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(Started.class, k -> Started.start(), Started.class)
                .suite();
    }

    /** Remembers a failed start too, so that every test reports it instead of starting again. */
    private record Started(RunningSuite running, RuntimeException failure)
            implements ExtensionContext.Store.CloseableResource {

        static Started start() {
            Path home = Path.of(System.getProperty("quipu.e2e.home", "target/e2e-quipu")).toAbsolutePath();
            Path repoRoot = Path.of(System.getProperty("quipu.repo.root", "../..")).toAbsolutePath().normalize();
            OfficialSourcesStandIn sources = null;
            try {
                deleteRecursively(home);
                // live by default, as ./quipu up runs, with local stand-ins for the publishers' URLs
                sources = new OfficialSourcesStandIn(repoRoot);
                DevStackConfig.Builder builder = DevStackConfig.builder();
                sources.sanctionsEnvironment().forEach((name, value) -> builder.environment(Service.SANCTIONS, name, value));
                sources.registryEnvironment().forEach((name, value) -> builder.environment(Service.REGISTRY, name, value));
                DevStackConfig config = builder
                        .baseDir(home)
                        .repoRoot(repoRoot)
                        .randomPorts()
                        .readyTimeout(Duration.ofSeconds(240))
                        .environment(Service.RATES, "QUIPU_RATES_MODE", "snapshot")
                        .build();
                return new Started(new RunningSuite(DevStack.start(config), sources), null);
            } catch (RuntimeException e) {
                if (sources != null) {
                    sources.close();
                }
                return new Started(null, e);
            }
        }

        RunningSuite suite() {
            if (failure != null) {
                throw new IllegalStateException("the suite did not start: " + failure.getMessage(), failure);
            }
            return running;
        }

        @Override
        public void close() {
            if (running != null) {
                running.stack().close();
                running.sources().close();
            }
        }
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
