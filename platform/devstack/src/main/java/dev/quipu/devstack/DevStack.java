package dev.quipu.devstack;

import dev.quipu.contracts.events.Topics;
import dev.quipu.contracts.pricebook.Service;
import dev.quipu.testkit.EmbeddedDatabase;
import dev.quipu.testkit.EmbeddedKafka;
import dev.quipu.testkit.KafkaAccessControl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The whole suite on one machine without Docker: a real KRaft Kafka broker and a real PostgreSQL 17
 * in this JVM, and every service as a child JVM started from its jar, configured through the same
 * environment variables a container would get.
 *
 * <p>As a library (system tests): {@code DevStack.start(DevStackConfig.builder().baseDir(tmp).randomPorts().build())},
 * then {@link #url(Service)}, then {@link #close()}. As a program ({@code ./quipu up}): {@link #main}.
 */
public final class DevStack implements AutoCloseable {

    private static final Duration POLL = Duration.ofMillis(250);
    private static final int LOG_TAIL_LINES = 25;

    // not static: main() must point logback at the devstack's log file before the first logger exists
    private final Logger log = LoggerFactory.getLogger(DevStack.class);
    private final DevStackConfig config;
    private final Consumer<String> progress;
    private final Map<Service, Integer> ports;
    private final List<ServiceProcess> processes = new CopyOnWriteArrayList<>();
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(1))
            .build();
    private final ClassDataArchives archives;
    private Thread archiveWriter;
    private FileChannel lockChannel;
    private FileLock lock;
    private EmbeddedKafka kafka;
    private SuiteSecrets secrets;
    private EmbeddedDatabase database;
    private volatile boolean closing;
    private boolean closed;

    DevStack(DevStackConfig config, Consumer<String> progress) {
        this.config = config;
        this.progress = progress;
        this.ports = resolvePorts(config.servicePorts());
        this.archives = new ClassDataArchives(config.cdsDir());
    }

    /** Starts the broker, the database and every configured service, and waits until all are healthy. */
    public static DevStack start(DevStackConfig config) {
        DevStack stack = new DevStack(config, message -> { });
        try {
            stack.startInfrastructure();
            stack.startServices();
            return stack;
        } catch (RuntimeException e) {
            stack.close();
            throw e;
        }
    }

    /** Starts only the broker and the database (with the suite's databases and topics), no service. */
    public static DevStack startInfrastructure(DevStackConfig config) {
        DevStack stack = new DevStack(config, message -> { });
        try {
            stack.startInfrastructure();
            return stack;
        } catch (RuntimeException e) {
            stack.close();
            throw e;
        }
    }

    public DevStackConfig config() {
        return config;
    }

    /** The port of {@code service}, a free one picked at construction if it was configured as 0. */
    public int port(Service service) {
        return ports.get(service);
    }

    public URI url(Service service) {
        return URI.create("http://127.0.0.1:" + port(service));
    }

    public URI gatewayUrl() {
        return url(Service.GATEWAY);
    }

    public String bootstrapServers() {
        return requireStarted(kafka, "broker").bootstrapServers();
    }

    public int postgresPort() {
        return requireStarted(database, "database").port();
    }

    /** JDBC URL of a database on the devstack's server, e.g. {@code quipu_payment}. */
    public String jdbcUrl(String databaseName) {
        return ServiceEnvironment.jdbcUrl(postgresPort(), databaseName);
    }

    /** The broker itself, e.g. for tests that stop and restart it. */
    /** Each principal's SCRAM password, from the suite's secrets. */
    static Map<String, String> kafkaPasswords(SuiteSecrets secrets) {
        Map<String, String> passwords = new LinkedHashMap<>();
        for (String principal : dev.quipu.contracts.events.TopicAccess.principals()) {
            passwords.put(principal, secrets.get(SuiteSecrets.kafkaPasswordVariable(principal)));
        }
        return passwords;
    }

    /**
     * The suite's keys (docs/security.md): one private key per service and for the operator, and the
     * public set every service checks tokens against. Made at the first start, kept afterwards.
     */
    public Path keysDir() {
        return secrets().keysDir();
    }

    /** The suite's keys and secrets ({@link SuiteSecrets}), read or made once at start. */
    public SuiteSecrets secrets() {
        return requireStarted(secrets, "suite's secrets");
    }

    public EmbeddedKafka kafka() {
        return requireStarted(kafka, "broker");
    }

    /** True while this devstack holds its base directory (from the start of the infrastructure to close). */
    public synchronized boolean ownsLock() {
        return lock != null;
    }

    /** True once {@link #close()} has been called. */
    public boolean isClosing() {
        return closing;
    }

    public List<ServiceProcess> processes() {
        return List.copyOf(processes);
    }

    public Optional<ServiceProcess> process(Service service) {
        return processes.stream().filter(p -> p.service() == service).findFirst();
    }

    synchronized void startInfrastructure() {
        createDirectories();
        acquireLock();
        stopLeftovers();
        secrets = SuiteSecrets.ensure(config.baseDir());
        long t0 = System.nanoTime();
        // both take seconds; in parallel they cost the longer of the two
        CompletableFuture<EmbeddedKafka> broker = CompletableFuture.supplyAsync(() -> {
            // clients authenticate (SCRAM, a user per service) and may do only what TopicAccess grants
            EmbeddedKafka k = EmbeddedKafka.withAccessControl(config.dataDir().resolve("kafka"), config.kafkaPort(),
                    config.kafkaControllerPort());
            k.start();
            return k;
        });
        CompletableFuture<EmbeddedDatabase> db = CompletableFuture.supplyAsync(
                () -> EmbeddedDatabase.start(config.dataDir().resolve("postgres"), config.postgresPort()));
        try {
            database = join(db, "PostgreSQL");
        } finally {
            kafka = joinQuietly(broker); // keep whatever started so that close() stops it
        }
        join(broker, "Kafka broker");
        progress.accept("PostgreSQL 17 on 127.0.0.1:" + database.port() + ", data in " + config.dataDir().resolve("postgres"));
        for (Service s : Service.backends()) {
            database.createDatabase(ServiceEnvironment.databaseName(s));
        }
        kafka.createTopics(Topics.all(), Topics.PARTITIONS);
        KafkaAccessControl.apply(kafka.adminBootstrapServers(), kafkaPasswords(secrets));
        progress.accept("Kafka (KRaft) on " + kafka.bootstrapServers() + ", data in " + config.dataDir().resolve("kafka"));
        log.info("infrastructure up in {} ms", (System.nanoTime() - t0) / 1_000_000);
        writePortsFile();
    }

    synchronized void startServices() {
        requireStarted(kafka, "broker");
        for (Service s : config.services()) {
            if (closing) {
                throw new DevStackException("stopped while starting");
            }
            Map<String, String> env = new LinkedHashMap<>(
                    ServiceEnvironment.of(s, ports, kafka.bootstrapServers(), database.port()));
            if (s == Service.GATEWAY && System.getenv("QUIPU_GATEWAY_PUBLIC_URL") == null) {
                // the URL the gateway advertises in its discovery documents: its actual port here
                env.put("QUIPU_GATEWAY_PUBLIC_URL", "http://localhost:" + port(s));
            }
            env.putAll(ServiceEnvironment.credentials(s, secrets));
            env.putAll(ServiceEnvironment.secrets(s, secrets));
            env.putAll(config.extraEnvironment().getOrDefault(s, Map.of()));
            Path jar = config.jarOf(s);
            List<String> options = new ArrayList<>(config.javaOptions());
            if (config.classDataSharing() && Files.isRegularFile(jar)) {
                options.addAll(archives.options(s.moduleName(), jar));
            }
            ServiceProcess p = ServiceProcess.start(s, port(s), jar, options, env,
                    config.repoRoot(), config.logDir(), config.runDir());
            processes.add(p);
            log.info("started {} (pid {}) on port {}, log {}", s.moduleName(), p.pid(), port(s), p.logFile());
        }
        progress.accept("started " + processes.size() + " services, waiting for their /health ...");
        awaitHealthy();
        if (config.classDataSharing()) {
            writeMissingArchives();
        }
    }

    /**
     * In the background, once everything is healthy: asks each service that started without a
     * class-data archive for one, one at a time, so the next start of the same jars is faster.
     */
    private void writeMissingArchives() {
        List<ServiceProcess> missing = processes.stream()
                .filter(p -> !archives.has(p.service().moduleName(), config.jarOf(p.service())))
                .toList();
        if (missing.isEmpty()) {
            progress.accept("services started from their class-data archives (" + config.cdsDir() + ")");
            return;
        }
        progress.accept("writing class-data archives of " + missing.size()
                + " services in the background, for faster restarts of these jars");
        archiveWriter = new Thread(() -> {
            int written = 0;
            for (ServiceProcess p : missing) {
                if (closing || Thread.currentThread().isInterrupted()) {
                    return;
                }
                if (p.isAlive() && archives.dump(p.service().moduleName(), config.jarOf(p.service()), p.pid())) {
                    written++;
                }
            }
            if (!closing) {
                progress.accept("class-data archives written: " + written + " of " + missing.size());
            }
        }, "class-data-archives");
        archiveWriter.setDaemon(true);
        archiveWriter.start();
    }

    /** Blocks until every started service's {@code /health} answers 200, or fails naming the ones that did not. */
    void awaitHealthy() {
        long deadline = System.nanoTime() + config.readyTimeout().toNanos();
        Map<Service, Integer> lastStatus = new EnumMap<>(Service.class);
        List<ServiceProcess> pending = new ArrayList<>(processes);
        while (!pending.isEmpty()) {
            if (closing) {
                throw new DevStackException("stopped while waiting for the services");
            }
            for (ServiceProcess p : List.copyOf(pending)) {
                if (!p.isAlive()) {
                    throw new DevStackException(p.service().moduleName() + " exited with code " + p.exitValue()
                            + " before it was healthy. Last lines of " + p.logFile() + ":\n" + p.logTail(LOG_TAIL_LINES));
                }
                int status = p.healthStatus(http);
                lastStatus.put(p.service(), status);
                if (status == 200) {
                    pending.remove(p);
                    progress.accept(p.service().moduleName() + " healthy on " + p.url());
                }
            }
            if (pending.isEmpty()) {
                break;
            }
            if (System.nanoTime() > deadline) {
                String names = pending.stream().map(p -> p.service().moduleName()).collect(Collectors.joining(", "));
                StringBuilder message = new StringBuilder("not healthy within " + config.readyTimeout().toSeconds()
                        + " s: " + names + ".");
                for (ServiceProcess p : pending) {
                    int status = lastStatus.getOrDefault(p.service(), -1);
                    message.append("\n\n").append(p.service().moduleName()).append(": GET ").append(p.url())
                            .append("/health ").append(status < 0 ? "did not answer" : "answered " + status)
                            .append(". Last lines of ").append(p.logFile()).append(":\n").append(p.logTail(LOG_TAIL_LINES));
                }
                throw new DevStackException(message.toString());
            }
            sleep(POLL);
        }
    }

    /** Services first (so nothing writes to a vanished broker or database), then the broker, then PostgreSQL. */
    @Override
    public void close() {
        closing = true;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            if (archiveWriter != null) {
                archiveWriter.interrupt(); // its jcmd would only fail against stopping services
            }
            // SIGTERM to all at once, then wait for each: they shut down in parallel
            for (ServiceProcess p : processes) {
                log.info("stopping {} (pid {})", p.service().moduleName(), p.pid());
                p.requestStop();
            }
            processes.forEach(ServiceProcess::stop);
            if (kafka != null) {
                log.info("stopping the Kafka broker");
                kafka.stop();
            }
            if (database != null) {
                log.info("stopping PostgreSQL");
                database.close();
            }
            deleteQuietly(config.runDir().resolve("ports"));
            deleteQuietly(config.runDir().resolve("ready"));
            releaseLock();
        }
    }

    private void createDirectories() {
        try {
            Files.createDirectories(config.dataDir());
            Files.createDirectories(config.logDir());
            Files.createDirectories(config.runDir());
        } catch (IOException e) {
            throw new DevStackException("cannot create " + config.baseDir() + ": " + e.getMessage(), e);
        }
    }

    /** One devstack per base directory: a second one would fight over the data and the ports. */
    private void acquireLock() {
        Path lockFile = config.runDir().resolve("devstack.lock");
        try {
            lockChannel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            lock = lockChannel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        } catch (IOException e) {
            throw new DevStackException("cannot lock " + lockFile + ": " + e.getMessage(), e);
        }
        if (lock == null) {
            releaseLock();
            throw new DevStackException("another devstack is already running with " + config.baseDir()
                    + " (stop it with ./quipu down)");
        }
    }

    private void releaseLock() {
        try {
            if (lock != null) {
                lock.release();
            }
            if (lockChannel != null) {
                lockChannel.close();
            }
        } catch (IOException e) {
            log.warn("could not release the devstack lock", e);
        }
        lock = null;
        lockChannel = null;
    }

    /**
     * A devstack killed without a chance to clean up (SIGKILL, power loss) leaves its service JVMs and
     * its PostgreSQL server running; they would hold the ports and the data directory. We hold the
     * lock, so whatever the pid files name is an orphan: stop it, services first.
     */
    private void stopLeftovers() {
        try (DirectoryStream<Path> pidFiles = Files.newDirectoryStream(config.runDir(), "*.pid")) {
            for (Path pidFile : pidFiles) {
                String module = pidFile.getFileName().toString().replaceFirst("\\.pid$", "");
                readPid(pidFile).flatMap(ProcessHandle::of)
                        .filter(h -> h.info().commandLine().orElse("").contains(module + "-"))
                        .ifPresent(h -> {
                            log.warn("stopping {} (pid {}) left over from a previous devstack", module, h.pid());
                            progress.accept("stopping " + module + " (pid " + h.pid() + ") left over from a previous run");
                            ServiceProcess.terminate(h, ServiceProcess.STOP_GRACE);
                        });
                if (!module.equals("devstack")) {
                    Files.deleteIfExists(pidFile);
                }
            }
            Path postmaster = config.dataDir().resolve("postgres").resolve("postmaster.pid");
            readPid(postmaster).flatMap(ProcessHandle::of)
                    .filter(h -> h.info().command().orElse("").contains("postgres"))
                    .ifPresent(h -> {
                        log.warn("stopping PostgreSQL (pid {}) left over from a previous devstack", h.pid());
                        progress.accept("stopping PostgreSQL (pid " + h.pid() + ") left over from a previous run");
                        ServiceProcess.terminate(h, Duration.ofSeconds(20));
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Optional<Long> readPid(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            String first = Files.readAllLines(file).stream().findFirst().orElse("").trim();
            return Optional.of(Long.parseLong(first));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** {@code run/ports}: what {@code ./quipu status} probes. */
    private void writePortsFile() {
        StringBuilder sb = new StringBuilder();
        for (Service s : Service.values()) {
            sb.append(s.moduleName()).append('=').append(port(s)).append('\n');
        }
        sb.append("kafka=").append(kafka.bootstrapServers().replaceFirst(".*:", "")).append('\n');
        sb.append("postgres=").append(database.port()).append('\n');
        try {
            Files.writeString(config.runDir().resolve("ports"), sb.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<Service, Integer> resolvePorts(Map<Service, Integer> configured) {
        Map<Service, Integer> resolved = new EnumMap<>(Service.class);
        configured.forEach((s, p) -> resolved.put(s, p == 0 ? freePort() : p));
        return resolved;
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> T join(CompletableFuture<T> future, String what) {
        try {
            return future.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new DevStackException(what + " did not start: " + rootMessage(cause), cause);
        }
    }

    private static <T> T joinQuietly(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            return null;
        }
    }

    private static String rootMessage(Throwable t) {
        StringBuilder sb = new StringBuilder(String.valueOf(t.getMessage()));
        for (Throwable c = t.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
            sb.append(": ").append(c.getMessage());
        }
        return sb.toString();
    }

    private static <T> T requireStarted(T component, String what) {
        if (component == null) {
            throw new IllegalStateException("the devstack's " + what + " is not started");
        }
        return component;
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a stale marker is overwritten by the next start
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DevStackException("interrupted while waiting for the services");
        }
    }

    /** {@code ./quipu up}: see {@link DevStackMain}. */
    public static void main(String[] args) {
        DevStackMain.run(args);
    }
}
