package dev.quipu.report.narrative;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The optional phrasing of a narrative by a language model (any OpenAI-compatible endpoint, LangChain4j's
 * client), off unless {@code quipu.report.narrative.model.base-url} is set. The model only rewrites the
 * template's text; {@link NarrativeValidator} rejects any output that adds a number, name, date or list, and then
 * the template's text is served. The answer says which ({@code narrative_source}).
 */
@Singleton
public class NarrativeModel {

    private static final Logger LOG = LoggerFactory.getLogger(NarrativeModel.class);

    private final ChatModel model;

    public NarrativeModel(@Value("${quipu.report.narrative.model.base-url:}") String baseUrl,
                          @Value("${quipu.report.narrative.model.api-key:}") String apiKey,
                          @Value("${quipu.report.narrative.model.name:gpt-4o-mini}") String modelName,
                          @Value("${quipu.report.narrative.model.timeout:10s}") Duration timeout) {
        this.model = baseUrl == null || baseUrl.isBlank() ? null : OpenAiChatModel.builder().baseUrl(baseUrl)
                .apiKey(apiKey == null || apiKey.isBlank() ? "none" : apiKey).modelName(modelName).temperature(0.0)
                .timeout(timeout).maxRetries(0).build();
    }

    /** The narrative served and where it came from. */
    public record Phrased(String text, String source) {
    }

    public Phrased phrase(List<Sentence> sentences, Language lang) {
        String template = ScreeningNarrative.text(sentences);
        if (model == null) {
            return new Phrased(template, "template");
        }
        Optional<String> rewritten = ask(template, lang);
        if (rewritten.isEmpty()) {
            return new Phrased(template, "template");
        }
        List<String> invented = NarrativeValidator.inventions(rewritten.get(), template);
        if (!invented.isEmpty()) {
            LOG.info("narrative model output rejected, it added {}", invented);
            return new Phrased(template, "template");
        }
        return new Phrased(rewritten.get(), "model");
    }

    private Optional<String> ask(String template, Language lang) {
        String language = switch (lang) {
            case ES -> "Spanish";
            case PT -> "Portuguese";
            case EN -> "English";
        };
        String prompt = "Rewrite this compliance narrative as one short paragraph of plain " + language + " prose. Keep every "
                + "fact exactly; do not add any number, name, date, list, score or judgement that is not in it.\n\n" + template;
        try {
            String out = model.chat(prompt);
            return out == null || out.isBlank() ? Optional.empty() : Optional.of(out.strip());
        } catch (RuntimeException e) {
            LOG.warn("narrative model unavailable ({}); serving the template", e.getClass().getSimpleName());
            return Optional.empty();
        }
    }
}
