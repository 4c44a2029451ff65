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
}
