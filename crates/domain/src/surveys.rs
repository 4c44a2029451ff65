//! Pre-tour and post-tour survey questions (spec 3: Surveys).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::validation::FieldErrors;

pub const MULTIPLE_CHOICE: i64 = 2;
pub const YES_NO: i64 = 3;
pub const TEXT_STREAM: i64 = 4;
pub const NUMBERS: i64 = 5;
pub const PRE_TOUR_LIMIT: usize = 5;
pub const POST_TOUR_LIMIT: usize = 2;
pub const MAX_CHOICES: usize = 4;
/// Text Stream answers are at most this long.
pub const TEXT_ANSWER_LIMIT: usize = 30;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Survey {
    PreTour,
    PostTour,
}

impl Survey {
    pub fn limit(self) -> usize {
        match self {
            Survey::PreTour => PRE_TOUR_LIMIT,
            Survey::PostTour => POST_TOUR_LIMIT,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Survey::PreTour => "pre",
            Survey::PostTour => "post",
        }
    }

    pub fn saved_message(self) -> &'static str {
        match self {
            Survey::PreTour => "Questions updated",
            Survey::PostTour => "Post Tour Questions updated",
        }
    }
}

/// A question as the editor sends and shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    /// None for a question not saved yet.
    #[serde(default)]
    pub question_id: Option<i64>,
    #[serde(default)]
    pub text: String,
    /// 2 Multiple Choice, 3 Yes/No, 4 Text Stream, 5 Numbers.
    #[serde(default)]
    pub r#type: Option<i64>,
    #[serde(default)]
    pub choices: Vec<String>,
}

/// The three questions every builder starts with.
pub fn default_pre_tour() -> Vec<Question> {
    let q = |text: &str, kind: i64, choices: &[&str]| Question {
        question_id: None,
        text: text.into(),
        r#type: Some(kind),
        choices: choices.iter().map(|c| c.to_string()).collect(),
    };
    vec![
        q(
            "Do you currently own, rent, live with family or other?",
            MULTIPLE_CHOICE,
            &["Own", "Rent", "Live /w Fam", "Other"],
        ),
        q(
            "Are you working with a buyer's or leasing agent?",
            YES_NO,
            &["Yes", "No"],
        ),
        q(
            "How long until you are ready to buy or rent?",
            MULTIPLE_CHOICE,
            &["Now", "1-3 Month", "3-6 Month", "Not sure"],
        ),
    ]
}

/// Checks a visitor's answers to a survey's questions: each question answered, a choice among its
/// choices (Multiple Choice, Yes/No), a number (Numbers), at most 30 characters (Text Stream).
/// Answers to questions the survey does not have are refused. Errors are keyed
/// `answers.{question id}`; the answers come back with their questions' texts, in order.
pub fn check_answers(
    questions: &[Question],
    answers: &[(i64, String)],
) -> Result<Vec<(String, String)>, FieldErrors> {
    let mut errors = FieldErrors::new();
    for (id, _) in answers {
        if !questions.iter().any(|q| q.question_id == Some(*id)) {
            errors.insert(format!("answers.{id}"), "No such question".into());
        }
    }
    let mut kept = Vec::new();
    for q in questions {
        let Some(id) = q.question_id else { continue };
        let answer = answers
            .iter()
            .find(|(a, _)| *a == id)
            .map(|(_, text)| text.trim())
            .unwrap_or_default();
        let problem = if answer.is_empty() {
            Some("Answer this question")
        } else {
            match q.r#type {
                Some(MULTIPLE_CHOICE) | Some(YES_NO) if !q.choices.iter().any(|c| c == answer) => {
                    Some("Choose one of the answers")
                }
                Some(NUMBERS) if answer.parse::<f64>().is_err() => Some("Answer with a number"),
                Some(TEXT_STREAM) if answer.chars().count() > TEXT_ANSWER_LIMIT => {
                    Some("Keep the answer to 30 characters")
                }
                _ => None,
            }
        };
        match problem {
            Some(message) => {
                errors.insert(format!("answers.{id}"), message.into());
            }
            None => kept.push((q.text.clone(), answer.to_string())),
        }
    }
    if errors.is_empty() {
        Ok(kept)
    } else {
        Err(errors)
    }
}

/// What a visitor says of a tour besides the survey: stars, what they loved, comments.
#[derive(Debug, Default, Clone)]
pub struct Feedback {
    pub rating: Option<i64>,
    pub loved: String,
    pub comments: String,
}

/// Longest "loved" text and comments a visitor may send.
pub const LOVED_LIMIT: usize = 250;
pub const COMMENTS_LIMIT: usize = 1000;

impl Feedback {
    /// Checks the stars (1 to 5) and the texts' lengths; errors keyed by field.
    pub fn check(&self) -> FieldErrors {
        let mut errors = FieldErrors::new();
        if self.rating.is_some_and(|r| !(1..=5).contains(&r)) {
            errors.insert("rating".into(), "Choose 1 to 5 stars".into());
        }
        if self.loved.chars().count() > LOVED_LIMIT {
            errors.insert(
                "loved".into(),
                format!("Keep it to {LOVED_LIMIT} characters"),
            );
        }
        if self.comments.chars().count() > COMMENTS_LIMIT {
            errors.insert(
                "comments".into(),
                format!("Keep the comments to {COMMENTS_LIMIT} characters"),
            );
        }
        errors
    }

    /// The structured remarks a visit keeps of it (docs/showings.md): `User sent feedback`, a
    /// line of stars, `Comments:` with a `loved:` line per line of what they loved and then
    /// their comments, and `Post tour survey` with `question: answer` lines. Blank lines of the
    /// visitor's texts are dropped, so no line of theirs can be mistaken for a heading's place.
    pub fn remarks(&self, answers: &[(String, String)]) -> String {
        let mut lines = vec!["User sent feedback".to_string()];
        if let Some(rating) = self.rating {
            let filled = rating.clamp(0, 5) as usize;
            lines.push(format!("{}{}", "★".repeat(filled), "☆".repeat(5 - filled)));
        }
        let text_lines = |text: &str| -> Vec<String> {
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect()
        };
        let loved = text_lines(&self.loved);
        let comments = text_lines(&self.comments);
        if !loved.is_empty() || !comments.is_empty() {
            lines.push("Comments:".into());
            lines.extend(loved.iter().map(|l| format!("loved: {l}")));
            lines.extend(comments);
        }
        if !answers.is_empty() {
            lines.push("Post tour survey".into());
            lines.extend(answers.iter().map(|(q, a)| format!("{q}: {a}")));
        }
        lines.join("\n")
    }
}

/// Normalises and checks a whole list: Yes/No gets its two preset choices, other non-choice
/// types none. Errors are keyed `questions.{index}.{field}`.
pub fn check_questions(survey: Survey, questions: &mut [Question]) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if questions.len() > survey.limit() {
        errors.insert(
            "questions".into(),
            format!("At most {} questions", survey.limit()),
        );
        return errors;
    }
    for (i, q) in questions.iter_mut().enumerate() {
        let key = |field: &str| format!("questions.{i}.{field}");
        q.text = q.text.trim().to_string();
        if q.text.is_empty() {
            errors.insert(key("text"), "Question field is required".into());
        } else if q.text.chars().count() > 500 {
            errors.insert(key("text"), "A question has at most 500 characters".into());
        }
        match q.r#type {
            Some(MULTIPLE_CHOICE) => {
                q.choices = q.choices.iter().map(|c| c.trim().to_string()).collect();
                if q.choices.is_empty() || q.choices.len() > MAX_CHOICES {
                    errors.insert(key("choices"), format!("Give 1 to {MAX_CHOICES} choices"));
                } else if let Some(j) = q
                    .choices
                    .iter()
                    .position(|c| c.is_empty() || c.chars().count() > 100)
                {
                    errors.insert(
                        format!("questions.{i}.choices.{j}"),
                        "Fill or delete this field".into(),
                    );
                }
            }
            Some(YES_NO) => q.choices = vec!["Yes".into(), "No".into()],
            Some(TEXT_STREAM) | Some(NUMBERS) => q.choices.clear(),
            _ => {
                errors.insert(key("type"), "Answer type field is required".into());
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    #[test]
    fn feedback_is_written_as_the_structured_remarks() {
        let feedback = super::Feedback {
            rating: Some(4),
            loved: "the kitchen\n\nthe light".into(),
            comments: "The yard is small".into(),
        };
        assert!(feedback.check().is_empty());
        assert_eq!(
            feedback.remarks(&[("How did you hear about us?".into(), "Zillow".into())]),
            "User sent feedback\n★★★★☆\nComments:\nloved: the kitchen\nloved: the light\n\
             The yard is small\nPost tour survey\nHow did you hear about us?: Zillow"
        );
        assert_eq!(
            super::Feedback::default().remarks(&[]),
            "User sent feedback"
        );
        let wrong = super::Feedback {
            rating: Some(6),
            loved: "x".repeat(251),
            comments: "y".repeat(1001),
        };
        let errors = wrong.check();
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert_eq!(errors["rating"], "Choose 1 to 5 stars");
    }

    use super::*;

    fn question(text: &str, kind: Option<i64>, choices: &[&str]) -> Question {
        Question {
            question_id: None,
            text: text.into(),
            r#type: kind,
            choices: choices.iter().map(|c| c.to_string()).collect(),
        }
    }

    #[test]
    fn defaults_are_valid() {
        let mut defaults = default_pre_tour();
        assert_eq!(defaults.len(), 3);
        assert!(check_questions(Survey::PreTour, &mut defaults).is_empty());
        assert_eq!(defaults[0].choices, ["Own", "Rent", "Live /w Fam", "Other"]);
    }

    #[test]
    fn the_specs_messages() {
        let mut list = vec![
            question(" ", None, &[]),
            question("Colour?", Some(MULTIPLE_CHOICE), &["Red", " "]),
        ];
        let errors = check_questions(Survey::PreTour, &mut list);
        assert_eq!(errors["questions.0.text"], "Question field is required");
        assert_eq!(errors["questions.0.type"], "Answer type field is required");
        assert_eq!(errors["questions.1.choices.1"], "Fill or delete this field");
    }

    #[test]
    fn limits() {
        let mut three = vec![question("a", Some(NUMBERS), &[]); 3];
        assert_eq!(
            check_questions(Survey::PostTour, &mut three)["questions"],
            "At most 2 questions"
        );
        let mut five = vec![question("a", Some(TEXT_STREAM), &["x"]); 5];
        assert!(check_questions(Survey::PreTour, &mut five).is_empty());
        assert!(five[0].choices.is_empty(), "text questions have no choices");
        let mut many = vec![question(
            "a",
            Some(MULTIPLE_CHOICE),
            &["1", "2", "3", "4", "5"],
        )];
        assert!(check_questions(Survey::PreTour, &mut many).contains_key("questions.0.choices"));
    }

    #[test]
    fn yes_no_gets_its_presets() {
        let mut list = vec![question("Agent?", Some(YES_NO), &[])];
        assert!(check_questions(Survey::PreTour, &mut list).is_empty());
        assert_eq!(list[0].choices, ["Yes", "No"]);
    }

    #[test]
    fn visitors_answers_are_checked_against_the_questions() {
        let questions: Vec<Question> = [
            (1, "Own or rent?", MULTIPLE_CHOICE, vec!["Own", "Rent"]),
            (2, "Agent?", YES_NO, vec!["Yes", "No"]),
            (3, "Bedrooms?", NUMBERS, vec![]),
            (4, "Anything else?", TEXT_STREAM, vec![]),
        ]
        .into_iter()
        .map(|(id, text, kind, choices)| Question {
            question_id: Some(id),
            text: text.into(),
            r#type: Some(kind),
            choices: choices.into_iter().map(String::from).collect(),
        })
        .collect();
        let answers = |list: &[(i64, &str)]| {
            list.iter()
                .map(|(i, a)| (*i, a.to_string()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            check_answers(
                &questions,
                &answers(&[(1, "Rent"), (2, "No"), (3, "3"), (4, " Soon ")])
            ),
            Ok(vec![
                ("Own or rent?".into(), "Rent".into()),
                ("Agent?".into(), "No".into()),
                ("Bedrooms?".into(), "3".into()),
                ("Anything else?".into(), "Soon".into()),
            ])
        );
        let errors = check_answers(
            &questions,
            &answers(&[
                (1, "Lease"),
                (2, ""),
                (3, "three"),
                (4, &"x".repeat(31)),
                (9, "?"),
            ]),
        )
        .unwrap_err();
        assert_eq!(errors["answers.1"], "Choose one of the answers");
        assert_eq!(errors["answers.2"], "Answer this question");
        assert_eq!(errors["answers.3"], "Answer with a number");
        assert_eq!(errors["answers.4"], "Keep the answer to 30 characters");
        assert_eq!(errors["answers.9"], "No such question");
    }
}
