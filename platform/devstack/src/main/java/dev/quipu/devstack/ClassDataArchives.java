package dev.quipu.devstack;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Application class-data sharing for the service JVMs: about half of a service's start-up CPU goes to
 * loading and verifying classes, which an archive of the loaded classes saves on the next start.
 *
 * <p>An archive belongs to one jar build and one JVM: its name carries a hash of the jar's size and
 * modification time and of the JVM version, so a rebuilt jar never meets a stale archive. A service
 * without an archive starts with {@code -XX:+RecordDynamicDumpInfo}; once it is healthy,
 * {@link #dump} asks it for its archive with {@code jcmd <pid> VM.cds dynamic_dump} (JDK 17).
 */
final class ClassDataArchives {

    private static final Logger LOG = LoggerFactory.getLogger(ClassDataArchives.class);

    private final Path dir;

    ClassDataArchives(Path dir) {
        this.dir = dir;
    }

    /** The archive {@code module}'s current jar would use. */
    Path archiveFor(String module, Path jar) {
        try {
            String identity = Files.size(jar) + "|" + Files.getLastModifiedTime(jar).toMillis() + "|"
                    + System.getProperty("java.vm.version");
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
            return dir.resolve(module + "-" + HexFormat.of().formatHex(hash, 0, 6) + ".jsa");
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new DevStackException("cannot read " + jar + ": " + e.getMessage(), e);
        }
    }

    /** JVM options for a service: use its archive, or record what is needed to write one. */
    List<String> options(String module, Path jar) {
        Path archive = archiveFor(module, jar);
        return Files.isRegularFile(archive)
                ? List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto")
                : List.of("-XX:+RecordDynamicDumpInfo");
    }

    boolean has(String module, Path jar) {
        return Files.isRegularFile(archiveFor(module, jar));
    }

    /**
     * Writes the archive of a running service (started with {@link #options} and no archive), then
     * removes the module's older archives. Returns whether an archive was written.
     */
    boolean dump(String module, Path jar, long pid) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!Files.isExecutable(jcmd)) {
            LOG.info("no jcmd in {} (a JRE?): {} starts without a class-data archive", jcmd.getParent(), module);
            return false;
        }
        Path archive = archiveFor(module, jar);
        Path partial = archive.resolveSibling(archive.getFileName() + ".part");
        try {
            Files.createDirectories(dir);
            Files.deleteIfExists(partial);
            Process p = new ProcessBuilder(jcmd.toString(), String.valueOf(pid), "VM.cds", "dynamic_dump", partial.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            try {
                if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0 || !Files.isRegularFile(partial)) {
                    p.destroyForcibly();
                    LOG.info("no class-data archive for {} (jcmd did not write one)", module);
                    Files.deleteIfExists(partial);
                    return false;
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                Files.deleteIfExists(partial);
                return false;
            }
            Files.move(partial, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            removeOthers(module, archive);
            LOG.info("wrote class-data archive {} ({} MB)", archive, Files.size(archive) >> 20);
            return true;
        } catch (IOException e) {
            LOG.warn("could not write the class-data archive of {}: {}", module, e.getMessage());
            return false;
        }
    }

    private void removeOthers(String module, Path keep) throws IOException {
        try (DirectoryStream<Path> archives = Files.newDirectoryStream(dir, module + "-*.jsa")) {
            for (Path a : archives) {
                String rest = a.getFileName().toString().substring(module.length() + 1);
                // module names may prefix others (report-service / reputation-service do not, but be exact)
                if (!a.equals(keep) && rest.matches("[0-9a-f]{12}\\.jsa")) {
                    Files.deleteIfExists(a);
                }
            }
        }
    }
}
