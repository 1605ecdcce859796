package dev.quipu.devstack;

import dev.quipu.contracts.pricebook.Service;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One service running as its own JVM from its jar, with its output in {@code logs/<module>.log} and
 * its pid in {@code run/<module>.pid} (so that a devstack killed without a chance to clean up can
 * stop what it left behind on its next start).
 */
public final class ServiceProcess {

    /** How long a service gets to stop after SIGTERM before it is killed. */
    static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private final Service service;
    private final int port;
    private final Path logFile;
    private final Path pidFile;
    private final Process process;

    private ServiceProcess(Service service, int port, Path logFile, Path pidFile, Process process) {
        this.service = service;
        this.port = port;
        this.logFile = logFile;
        this.pidFile = pidFile;
        this.process = process;
    }

    /** Starts {@code java <options> -jar <jar>} with {@code environment} added to this process's own. */
    static ServiceProcess start(Service service, int port, Path jar, List<String> javaOptions,
                                Map<String, String> environment, Path workDir, Path logDir, Path runDir) {
        if (!Files.isRegularFile(jar)) {
            throw new DevStackException(service.moduleName() + ": jar " + jar + " not found; build the suite first ("
                    + "./mvnw -DskipTests package, or just ./quipu up)");
        }
        Path logFile = logDir.resolve(service.moduleName() + ".log");
        Path pidFile = runDir.resolve(service.moduleName() + ".pid");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(javaOptions);
        command.add("-jar");
        command.add(jar.toString());
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(logFile.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
        builder.environment().putAll(environment);
        try {
            Process process = builder.start();
            Files.writeString(pidFile, process.pid() + "\n");
            return new ServiceProcess(service, port, logFile, pidFile, process);
        } catch (IOException e) {
            throw new DevStackException(service.moduleName() + ": could not start " + String.join(" ", command)
                    + ": " + e.getMessage(), e);
        }
    }

    public Service service() {
        return service;
    }

    public int port() {
        return port;
    }

    public long pid() {
        return process.pid();
    }

    public Path logFile() {
        return logFile;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public int exitValue() {
        return process.exitValue();
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** Status of {@code GET /health}, or -1 when nothing answers. */
    int healthStatus(HttpClient client) {
        HttpRequest request = HttpRequest.newBuilder(url().resolve("/health"))
                .timeout(Duration.ofSeconds(2))
                .GET()
                .build();
        try {
            return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** Sends SIGTERM without waiting. */
    void requestStop() {
        process.destroy();
    }

    /** SIGTERM, then SIGKILL after {@link #STOP_GRACE}. */
    void stop() {
        terminate(process.toHandle(), STOP_GRACE);
        try {
            Files.deleteIfExists(pidFile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The last {@code lines} lines of the service's log, for error messages. */
    public String logTail(int lines) {
        return tail(logFile, lines);
    }

    static void terminate(ProcessHandle handle, Duration grace) {
        if (!handle.isAlive()) {
            return;
        }
        handle.destroy();
        try {
            handle.onExit().get(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            handle.destroyForcibly();
            try {
                handle.onExit().get(5, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // reported by the caller's next isAlive check; nothing more can be done here
            }
        }
    }

    static String tail(Path file, int lines) {
        if (!Files.isRegularFile(file)) {
            return "(no log at " + file + ")";
        }
        try (java.io.RandomAccessFile in = new java.io.RandomAccessFile(file.toFile(), "r")) {
            // only the end of a possibly large log is of interest
            long start = Math.max(0, in.length() - 64 * 1024);
            byte[] bytes = new byte[(int) (in.length() - start)];
            in.seek(start);
            in.readFully(bytes);
            List<String> all = new String(bytes, StandardCharsets.UTF_8).lines().toList();
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(could not read " + file + ": " + e.getMessage() + ")";
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
