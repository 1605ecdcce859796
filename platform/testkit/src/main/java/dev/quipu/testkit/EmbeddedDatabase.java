package dev.quipu.testkit;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A real PostgreSQL 17 server (zonky's packaged binaries) in a child process of this JVM. Each
 * service gets its own database on it, as it would on a shared server in production.
 */
public final class EmbeddedDatabase implements AutoCloseable {

    public static final String USER = "postgres";
    public static final String PASSWORD = "postgres";

    private static EmbeddedDatabase shared;

    private final EmbeddedPostgres postgres;

    private EmbeddedDatabase(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /**
     * Starts PostgreSQL on {@code port} (0 = any free port) keeping its data in {@code dataDir}, which
     * survives restarts when it already holds a cluster.
     */
    public static EmbeddedDatabase start(Path dataDir, int port) {
        try {
            Files.createDirectories(dataDir);
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setDataDirectory(dataDir)
                    .setCleanDataDirectory(false)
                    .setServerConfig("max_connections", "300")
                    .setServerConfig("fsync", "off")
                    .setServerConfig("synchronous_commit", "off")
                    .setServerConfig("full_page_writes", "off");
            if (port != 0) {
                builder.setPort(port);
            }
            return new EmbeddedDatabase(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException("could not start embedded PostgreSQL in " + dataDir, e);
        }
    }

    /** The server shared by every test of this JVM, started on first use and stopped at exit. */
    public static synchronized EmbeddedDatabase shared() {
        if (shared == null) {
            try {
                EmbeddedDatabase db = start(Files.createTempDirectory("quipu-pg-").resolve("data"), 0);
                Runtime.getRuntime().addShutdownHook(new Thread(db::close, "embedded-postgres-stop"));
                shared = db;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return shared;
    }

    public int port() {
        return postgres.getPort();
    }

    /** JDBC URL of {@code database}, created if it does not exist yet. */
    public String jdbcUrl(String database) {
        createDatabase(database);
        return "jdbc:postgresql://127.0.0.1:" + port() + "/" + database;
    }

    public void createDatabase(String database) {
        if (!database.matches("[a-z_][a-z0-9_]*")) {
            throw new IllegalArgumentException("unsafe database name: " + database);
        }
        try (Connection c = postgres.getPostgresDatabase().getConnection();
             Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + database + "'")) {
                if (rs.next()) {
                    return;
                }
            }
            st.execute("CREATE DATABASE " + database);
        } catch (SQLException e) {
            if (!"42P04".equals(e.getSQLState())) { // created meanwhile by another caller
                throw new IllegalStateException("could not create database " + database, e);
            }
        }
    }

    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
