package dev.quipu.devstack;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code quipu} script as a new user meets it: on a fresh clone, nothing is built yet. */
class QuipuScriptTest {

    @Test
    void onAFreshCloneTheBuildStepNamesTheMissingJarWithoutErrors(@TempDir Path clone) throws Exception {
        Path repo = repositoryRoot();
        Files.copy(repo.resolve("quipu"), clone.resolve("quipu"));
        Files.copy(repo.resolve("pom.xml"), clone.resolve("pom.xml"));
        // QUIPU_NO_BUILD=1 says why it would build, without building
        ProcessBuilder dry = new ProcessBuilder("bash", clone.resolve("quipu").toString(), "build").redirectErrorStream(true);
        dry.environment().put("QUIPU_NO_BUILD", "1");
        dry.environment().put("QUIPU_HOME", clone.resolve(".quipu").toString());
        Process run = dry.start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(run.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, run.exitValue(), out);
        assertTrue(out.contains("missing platform/devstack/target/devstack-" + DevStackConfig.suiteVersion() + ".jar"), out);
        assertFalse(out.contains("realpath") || out.contains("No such file"), out);
    }

    private static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (!Files.isRegularFile(dir.resolve("quipu"))) {
            dir = dir.getParent();
        }
        return dir;
    }
}
