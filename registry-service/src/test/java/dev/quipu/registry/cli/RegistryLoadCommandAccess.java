package dev.quipu.registry.cli;

import java.io.PrintStream;

/** Runs the command in-process for tests (its constructor is package-private). */
public final class RegistryLoadCommandAccess {

    private RegistryLoadCommandAccess() {
    }

    public static int run(String base, String header, PrintStream out, String... args) throws Exception {
        return new RegistryLoadCommand(base, header, out).run(args);
    }
}
