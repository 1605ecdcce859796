package dev.quipu.registry.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ./quipu registry load COUNTRY [FILE|URL] [--dataset ID] [--cut-off YYYY-MM-DD]}: asks the running
 * registry-service to load (operator route {@code POST /admin/registry/loads}), then follows each job,
 * printing its progress lines until it ends. Exit status 0 when every job is done, 1 otherwise, 2 for usage.
 * Environment: {@code QUIPU_REGISTRY_URL}, {@code QUIPU_OPERATOR_HEADER} (a line from {@code ./quipu internal-header registry}).
 */
public final class RegistryLoadCommand {

    private static final Pattern JOB_ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");
    private static final Pattern STATE = Pattern.compile("\"state\"\\s*:\\s*\"(\\w+)\"");
    private static final Pattern PROGRESS = Pattern.compile("\"progress\"\\s*:\\s*\\[(.*?)]", Pattern.DOTALL);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final String[] authorization;
    private final PrintStream out;

    RegistryLoadCommand(String base, String header, PrintStream out) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        int colon = header.indexOf(':');
        this.authorization = new String[] {header.substring(0, colon).trim(), header.substring(colon + 1).trim()};
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        String url = System.getenv().getOrDefault("QUIPU_REGISTRY_URL", "http://127.0.0.1:8083");
        String header = System.getenv("QUIPU_OPERATOR_HEADER");
        if (args.length < 1 || header == null || !header.contains(":")) {
            System.err.println("usage: ./quipu registry load COUNTRY [FILE|URL] [--dataset ID] [--cut-off YYYY-MM-DD]");
            System.exit(2);
        }
        System.exit(new RegistryLoadCommand(url, header, System.out).run(args));
    }

    int run(String[] args) throws IOException, InterruptedException {
        String body = requestBody(args);
        HttpResponse<String> started = http.send(request("/admin/registry/loads")
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (started.statusCode() != 202) {
            out.println("registry-service answered " + started.statusCode() + ": " + started.body());
            return 1;
        }
        List<String> ids = new ArrayList<>();
        Matcher m = JOB_ID.matcher(started.body());
        while (m.find()) {
            ids.add(m.group(1));
        }
        boolean allDone = true;
        for (String id : ids) {
            allDone &= follow(id);
        }
        return allDone ? 0 : 1;
    }

    private boolean follow(String id) throws IOException, InterruptedException {
        int printed = 0;
        while (true) {
            HttpResponse<String> job = http.send(request("/admin/registry/loads/jobs/" + id).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            List<String> lines = lines(job.body());
            // the job keeps its last lines only: print what is new
            for (int i = Math.max(0, Math.min(printed, lines.size())); i < lines.size(); i++) {
                out.println(lines.get(i));
            }
            printed = lines.size();
            Matcher state = STATE.matcher(job.body());
            String s = state.find() ? state.group(1) : "unknown";
            if (s.equals("done") || s.equals("failed") || job.statusCode() != 200) {
                return s.equals("done");
            }
            Thread.sleep(1000);
        }
    }

    static String requestBody(String[] args) {
        StringBuilder json = new StringBuilder("{\"country\":\"").append(escape(args[0].toUpperCase(java.util.Locale.ROOT))).append('"');
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--dataset") && i + 1 < args.length) {
                json.append(",\"dataset\":\"").append(escape(args[++i])).append('"');
            } else if (a.equals("--cut-off") && i + 1 < args.length) {
                json.append(",\"cut_off\":\"").append(escape(args[++i])).append('"');
            } else {
                // a file is named to the service by its absolute path: the service reads it on this host
                String source = a.startsWith("http://") || a.startsWith("https://") ? a : Path.of(a).toAbsolutePath().normalize().toString();
                json.append(",\"source\":\"").append(escape(source)).append('"');
            }
        }
        return json.append('}').toString();
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30)).header(authorization[0], authorization[1]);
    }

    private static List<String> lines(String body) {
        List<String> out = new ArrayList<>();
        Matcher m = PROGRESS.matcher(body);
        if (m.find()) {
            Matcher s = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(m.group(1));
            while (s.find()) {
                out.add(s.group(1).replace("\\\"", "\"").replace("\\\\", "\\"));
            }
        }
        return out;
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
